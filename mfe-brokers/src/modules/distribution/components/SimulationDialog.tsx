/**
 * The simulator (a dialog): a period of past days and the zone they are read in (yesterday and the browser's zone at
 * first), Run, then the job's progress and its result. `rules` null simulates the saved rules; else this draft set.
 * A 422 shows under the period or the zone; one about a draft rule goes to `onRuleErrors` (the editor's fields).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, usePollingFallback } from '@crm/shared';
import type { DistributionRuleBody } from '@crm/shared/contract';
import { Alert, Button, DayRangeInput, daysAgo, Flex, Form, Modal, Progress, Select, toastOutcome, type DayRange } from '@crm/shared/ui';
import { useDistributionSimulationQuery, useDistributionSimulationStartMutation } from '../api/simulationApi.ts';
import { showErrorsIn } from '../forms.tsx';
import { SimulationResultView } from './SimulationResult.tsx';
import { zoneOptions } from './zones.ts';

type Values = { period: DayRange | null; time_zone: string };
type Props = {
  rules: DistributionRuleBody[] | null;
  onClose(): void;
  /** A draft rule's messages, keyed as for the rule (`tiers.0.departments`); returns whether it showed them. */
  onRuleErrors?(index: number, errors: Record<string, string>): boolean;
};

const key = (name: string) => `brokers:simulation.${name}`;
/** A long period reports progress per thousand leads: once a second shows it moving. */
const pollMs = 1_000;

/**
 * One simulation at a time. Taken synchronously on submit, before any re-render: Enter pressed twice in the period (or
 * a double click) calls the form's submit twice before Run shows as loading. Given back when the start fails or the
 * job ends.
 */
function useOneRunAtATime() {
  const taken = useRef(false);
  const [busy, setBusy] = useState(false);
  const take = (): boolean => {
    if (taken.current) return false;
    taken.current = true;
    setBusy(true);
    return true;
  };
  // Stable: the ended job's progress gives it back once, not on every render after a new run took it.
  const giveBack = useCallback((): void => {
    taken.current = false;
    setBusy(false);
  }, []);
  return { busy, take, giveBack };
}

/** Follows one simulation job until it ends (or cannot be followed: Run is offered again). Mounted keyed by the job id. */
function SimulationProgress({ jobId, onEnded }: { jobId: number; onEnded(): void }) {
  const { t } = useTranslation();
  const [polling, setPolling] = useState(true);
  const { data, isError } = useDistributionSimulationQuery(jobId, { pollingInterval: usePollingFallback(polling ? pollMs : 0) });
  const job = data?.data;
  const ended = job !== undefined && (job.status === 'finished' || job.status === 'failed' || job.status === 'cancelled');
  // A job never seen (its first look failed) would otherwise keep Run disabled for good.
  const lost = isError && job === undefined;
  useEffect(() => {
    if (ended) setPolling(false);
  }, [ended]);
  useEffect(() => {
    if (ended || lost) onEnded();
  }, [ended, lost, onEnded]);
  if (job?.status === 'finished' && job.result) return <SimulationResultView result={job.result} />;
  if (job?.status === 'failed' || job?.status === 'cancelled') return <Alert type="error" showIcon title={job.error ?? t(key('failed'))} data-testid="simulation-failed" />;
  return (
    <div data-testid="simulation-progress">
      <Progress percent={job?.progress ?? 0} status="active" />
      {job && job.total > 0 && t(key('progress'), { processed: job.processed, total: job.total })}
    </div>
  );
}

/** Splits a 422: the draft rules' messages (`rules.N.…`) per rule, the rest (the period as one field) for the form. */
function splitErrors(errors: Record<string, string>) {
  const form: Record<string, string> = {};
  const rules = new Map<number, Record<string, string>>();
  for (const [field, message] of Object.entries(errors)) {
    const rule = /^rules\.(\d+)\.(.+)$/.exec(field);
    if (rule) rules.set(Number(rule[1]), { ...rules.get(Number(rule[1])), [rule[2] ?? '']: message });
    else form[field === 'from' || field === 'to' ? 'period' : field] ??= message;
  }
  return { form, rules };
}

export function SimulationDialog({ rules, onClose, onRuleErrors }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [start] = useDistributionSimulationStartMutation();
  const [jobId, setJobId] = useState<number | null>(null);
  const oneRun = useOneRunAtATime();
  const zones = useMemo(zoneOptions, []);
  const yesterday = useMemo(() => daysAgo(1), []);
  const showErrors = showErrorsIn(form);

  async function run(values: Values) {
    if (!oneRun.take()) return;
    const body = { from: values.period?.[0] ?? '', to: values.period?.[1] ?? '', time_zone: values.time_zone, rules };
    const started = await toastOutcome(() => start(body).unwrap(), {
      showFieldErrors: (errors) => {
        const split = splitErrors(errors);
        const shown = [...split.rules].map(([index, ruleErrors]) => onRuleErrors?.(index, ruleErrors) ?? false);
        return showErrors(split.form) || shown.some(Boolean);
      },
    });
    if (started) setJobId(started.data.id);
    else oneRun.giveBack();
  }

  return (
    <Modal open title={t(key(rules ? 'titleDraft' : 'titleSaved'))} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ period: [yesterday, yesterday], time_zone: browserTimeZone() }}
        onFinish={(values) => void run(values)}
        data-testid="simulation-form"
      >
        <Flex gap="middle" align="end" wrap>
          <Form.Item name="period" label={t(key('period'))}>
            <DayRangeInput label={t(key('period'))} testId="simulation-period" max={daysAgo(0)} />
          </Form.Item>
          <Form.Item name="time_zone" label={t(key('time_zone'))} style={{ minWidth: 240 }}>
            <Select showSearch aria-label={t(key('time_zone'))} options={zones} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={oneRun.busy}>
              {t(key('run'))}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      {jobId !== null && <SimulationProgress key={jobId} jobId={jobId} onEnded={oneRun.giveBack} />}
    </Modal>
  );
}
