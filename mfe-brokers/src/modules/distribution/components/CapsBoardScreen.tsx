/**
 * `broker/department/caps`, the caps board: every department, open or closed now in its zone and when that changes,
 * the slots used of each cap in the current period (per country), the pacing hour's, and its send integration's circuit
 * breaker. Moved by live `caps` events (distributionApi.ts), polled only while the stream is down; read again when the
 * first department opens or closes, as that comes with the clock, not with an event.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePollingFallback } from '@crm/shared';
import { capPeriods, type CapsBoardRow, type CapUsage, type CircuitStatus } from '@crm/shared/contract';
import { Button, Card, DataTable, Flex, ListHeader, LoadFailed, Progress, ReloadOutlined, Tag, Typography, type DataColumn } from '@crm/shared/ui';
import { useCapsBoardQuery } from '../api/distributionApi.ts';

const key = (name: string) => `brokers:capsBoard.${name}`;
const pollingMs = 30_000;
/** Past the moment, so the server already answers with the new state. */
const changeSlackMs = 1_000;

/** `Mon 09:00` in the department's zone (the date too when it is not within the coming week). */
function localMoment(iso: string, zone: string, language: string, now: Date): string {
  const withinWeek = Date.parse(iso) - now.getTime() < 6 * 86_400_000;
  const options: Intl.DateTimeFormatOptions = withinWeek
    ? { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat(language, options).format(new Date(iso));
}

function HoursCell({ row }: { row: CapsBoardRow }) {
  const { t, i18n } = useTranslation();
  const change = row.next_change ? localMoment(row.next_change, row.time_zone, i18n.language, new Date()) : null;
  return (
    <Flex vertical gap={2} data-testid="board-hours">
      <span>
        <Tag color={row.open ? 'green' : 'red'}>{t(key(row.open ? 'open' : 'closed'))}</Tag>
        {change && <span>{t(key(row.open ? 'closesAt' : 'opensAt'), { time: change })}</span>}
      </span>
      <Typography.Text type="secondary">{row.time_zone}</Typography.Text>
    </Flex>
  );
}

const circuitColors: Record<CircuitStatus['state'], string> = { closed: 'green', open: 'red', half_open: 'orange' };

/** Open: failing fast until a moment in the department's zone; half-open: the next call is the trial. */
function CircuitCell({ circuit, zone }: { circuit: CircuitStatus; zone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap={2} data-testid="board-circuit">
      <span>
        <Tag color={circuitColors[circuit.state]}>{t(key(`circuit.states.${circuit.state}`))}</Tag>
      </span>
      {circuit.state === 'open' && circuit.open_until && <span>{t(key('circuit.until'), { time: localMoment(circuit.open_until, zone, i18n.language, new Date()) })}</span>}
      {circuit.state === 'half_open' && <span>{t(key('circuit.trial'))}</span>}
      {circuit.failures > 0 && <Typography.Text type="secondary">{t(key('circuit.failures'), { count: circuit.failures })}</Typography.Text>}
    </Flex>
  );
}

function UsageLine({ usage }: { usage: CapUsage }) {
  const { t } = useTranslation();
  const label = `${t(key(`periods.${usage.period}`))} · ${usage.country ?? t(key('allCountries'))}`;
  const full = usage.used >= usage.cap;
  return (
    <Flex gap="small" align="center" data-testid="board-cap">
      <span style={{ minWidth: 170 }}>{label}</span>
      <span>
        {usage.used} / {usage.cap}
      </span>
      <Progress
        percent={usage.cap === 0 ? 100 : Math.round((usage.used / usage.cap) * 100)}
        size="small"
        showInfo={false}
        status={full ? 'exception' : 'normal'}
        style={{ width: 100, margin: 0 }}
      />
    </Flex>
  );
}

/**
 * A department's caps from the shortest period to the longest (day, week, month, total), as the caps form lists them:
 * the API does not promise an order. Within a period the API's order (all countries, then each country) stays.
 */
const shortestPeriodFirst = (caps: readonly CapUsage[]): CapUsage[] => [...caps].sort((left, right) => capPeriods.indexOf(left.period) - capPeriods.indexOf(right.period));

/** The soonest moment a department opens or closes, or null. */
function nextChangeOf(rows: readonly CapsBoardRow[]): number | null {
  const moments = rows.flatMap((row) => (row.next_change ? [Date.parse(row.next_change)] : []));
  return moments.length > 0 ? Math.min(...moments) : null;
}

export function CapsBoardScreen() {
  const { t } = useTranslation();
  const board = useCapsBoardQuery(undefined, { pollingInterval: usePollingFallback(pollingMs) });
  const nextChange = nextChangeOf(board.data?.data ?? []);
  const { refetch } = board;
  useEffect(() => {
    if (nextChange === null) return;
    // Timers fire at once past 2^31 - 1 ms; a change that far off is met by a later reading.
    const timer = setTimeout(() => void refetch(), Math.min(Math.max(nextChange - Date.now(), 0) + changeSlackMs, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [nextChange, refetch]);
  const columns: DataColumn<CapsBoardRow>[] = [
    {
      key: 'department',
      title: t(key('department')),
      render: (row) => (
        <Flex vertical gap={2}>
          <span>{row.department.branch_name}</span>
          <Typography.Text type="secondary">{row.department.broker.name}</Typography.Text>
          {!row.department.is_active && <Tag>{t(key('inactive'))}</Tag>}
        </Flex>
      ),
    },
    { key: 'hours', title: t(key('hours')), render: (row) => <HoursCell row={row} /> },
    {
      key: 'caps',
      title: t(key('caps')),
      render: (row) =>
        row.caps.length === 0 ? (
          <Typography.Text type="secondary">{t(key('noCaps'))}</Typography.Text>
        ) : (
          shortestPeriodFirst(row.caps).map((usage) => <UsageLine key={`${usage.period}-${usage.country ?? ''}`} usage={usage} />)
        ),
    },
    {
      key: 'pacing',
      title: t(key('pacing')),
      render: (row) => (row.pacing ? t(key('pacingUsed'), { used: row.pacing.used, max: row.pacing.per_hour }) : <Typography.Text type="secondary">{t(key('noPacing'))}</Typography.Text>),
    },
    { key: 'circuit', title: t(key('circuit.title')), render: (row) => <CircuitCell circuit={row.circuit} zone={row.time_zone} /> },
  ];
  return (
    <Card data-testid="caps-board">
      <ListHeader title={t('menu.brokers.departmentCaps')}>
        <Button icon={<ReloadOutlined />} onClick={() => void board.refetch()} loading={board.isFetching}>
          {t(key('refresh'))}
        </Button>
      </ListHeader>
      {board.isError && !board.data ? (
        <LoadFailed retry={() => void board.refetch()} testId="caps-board-failed" />
      ) : (
        <DataTable<CapsBoardRow> rows={board.data?.data ?? []} columns={columns} rowKey={(row) => row.department.id} loading={board.isLoading} />
      )}
    </Card>
  );
}
