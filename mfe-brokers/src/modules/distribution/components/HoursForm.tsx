/**
 * A department's working hours: its IANA zone (the browser's list), opening windows per weekday (several a day; an end
 * before the start runs past midnight) and closed dates. No windows: open every day. A refusal shows under its field.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { isoWeekdays, type DepartmentHours, type DepartmentHoursBody } from '@crm/shared/contract';
import { Button, DeleteOutlined, Flex, Form, Input, PlusOutlined, Select, toastOutcome, Typography } from '@crm/shared/ui';
import { useDepartmentHoursQuery, useDepartmentHoursUpdateMutation } from '../api/distributionApi.ts';
import { SaveButton, showErrorsIn, WhenLoaded } from '../forms.tsx';
import { zoneOptions } from './zones.ts';

const key = (name: string) => `brokers:limits.hours.${name}`;

export function HoursForm({ departmentId }: { departmentId: number }) {
  return (
    <WhenLoaded query={useDepartmentHoursQuery(departmentId)} testId="hours">
      {(hours) => <HoursFields departmentId={departmentId} hours={hours} />}
    </WhenLoaded>
  );
}

function HoursFields({ departmentId, hours }: { departmentId: number; hours: DepartmentHours }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<DepartmentHoursBody>();
  const [save, saving] = useDepartmentHoursUpdateMutation();
  const zones = useMemo(zoneOptions, []);
  const editable = can('broker.department.update');
  const weekdays = isoWeekdays.map((weekday) => ({ value: weekday, label: t(`brokers:limits.weekdays.${weekday}`) }));
  const initialValues: DepartmentHoursBody = { time_zone: hours.time_zone, windows: hours.windows, closed_dates: hours.closed_dates };

  async function submit(values: DepartmentHoursBody) {
    const body: DepartmentHoursBody = { time_zone: values.time_zone, windows: values.windows ?? [], closed_dates: values.closed_dates ?? [] };
    await toastOutcome(() => save({ id: departmentId, body }).unwrap(), { successMessage: () => t(key('saved')), showFieldErrors: showErrorsIn(form, ['closed_dates']) });
  }

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} disabled={!editable} requiredMark={false} data-testid="hours-form">
      <Form.Item name="time_zone" label={t(key('time_zone'))} extra={t(key('time_zone_help'))}>
        <Select showSearch aria-label={t(key('time_zone'))} options={zones} style={{ maxWidth: 320 }} />
      </Form.Item>
      <Typography.Text strong>{t(key('windows'))}</Typography.Text>
      <Typography.Paragraph type="secondary">{t(key('windows_help'))}</Typography.Paragraph>
      <Form.List name="windows">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, index) => (
              <Flex key={row.key} gap="small" align="start" data-testid="hours-window">
                <Form.Item name={[row.name, 'weekday']} style={{ width: 160 }}>
                  <Select aria-label={`${t(key('weekday'))} ${index + 1}`} options={weekdays} />
                </Form.Item>
                <Form.Item name={[row.name, 'from']}>
                  <Input aria-label={`${t(key('from'))} ${index + 1}`} placeholder="09:00" style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name={[row.name, 'to']}>
                  <Input aria-label={`${t(key('to'))} ${index + 1}`} placeholder="18:00" style={{ width: 100 }} />
                </Form.Item>
                {editable && <Button icon={<DeleteOutlined />} aria-label={`${t(key('remove'))} ${index + 1}`} onClick={() => remove(row.name)} />}
              </Flex>
            ))}
            {rows.length === 0 && <Typography.Paragraph data-testid="hours-always-open">{t(key('always_open'))}</Typography.Paragraph>}
            {editable && (
              <Button icon={<PlusOutlined />} onClick={() => add({ weekday: 1, from: '09:00', to: '18:00' })} style={{ marginBottom: 16 }}>
                {t(key('add'))}
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Form.Item name="closed_dates" label={t(key('closed_dates'))} extra={t(key('closed_dates_help'))}>
        <Select mode="tags" aria-label={t(key('closed_dates'))} tokenSeparators={[',', ' ']} open={false} placeholder="2026-12-24" />
      </Form.Item>
      <SaveButton editable={editable} saving={saving.isLoading} />
    </Form>
  );
}
