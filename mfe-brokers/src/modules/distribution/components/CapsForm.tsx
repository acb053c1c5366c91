/**
 * A department's caps: per row (all countries, or one country) the most delivered leads per day, week, month and in
 * total, each optional; pacing (at most N per hour); whether broker refusals count. Periods are the department's
 * zone's. A refusal shows under its field (`caps.2.day` under that row's day).
 */
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { capPeriods, type CapRow, type DepartmentCaps, type DepartmentCapsBody } from '@crm/shared/contract';
import { Button, countrySearch, DeleteOutlined, Flex, Form, InputNumber, PlusOutlined, Select, Switch, toastOutcome, Typography } from '@crm/shared/ui';
import { useCountryChoices } from '../../brokers/hooks/useOptionChoices.ts';
import { useDepartmentCapsQuery, useDepartmentCapsUpdateMutation } from '../api/distributionApi.ts';
import { SaveButton, showErrorsIn, WhenLoaded } from '../forms.tsx';

const key = (name: string) => `brokers:limits.caps.${name}`;

/** The all-countries row is `country: ''` in the form (a select cannot hold null), null in the body. */
type FormRow = Omit<CapRow, 'country'> & { country: string };
type Values = { refusals_count: boolean; pacing_per_hour: number | null; caps: FormRow[] };

const emptyRow = (country: string): FormRow => ({ country, day: null, week: null, month: null, total: null });

export function CapsForm({ departmentId }: { departmentId: number }) {
  return (
    <WhenLoaded query={useDepartmentCapsQuery(departmentId)} testId="caps">
      {(caps) => <CapsFields departmentId={departmentId} caps={caps} />}
    </WhenLoaded>
  );
}

function CapsFields({ departmentId, caps }: { departmentId: number; caps: DepartmentCaps }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<Values>();
  const [save, saving] = useDepartmentCapsUpdateMutation();
  const countries = useCountryChoices();
  const editable = can('broker.department.update');
  const countryOptions = [{ value: '', label: t(key('all_countries')) }, ...countries];
  const initialValues: Values = {
    refusals_count: caps.refusals_count,
    pacing_per_hour: caps.pacing_per_hour,
    caps: caps.caps.length > 0 ? caps.caps.map((row) => ({ ...row, country: row.country ?? '' })) : [emptyRow('')],
  };

  async function submit(values: Values) {
    const body: DepartmentCapsBody = {
      refusals_count: values.refusals_count,
      pacing_per_hour: values.pacing_per_hour ?? null,
      caps: (values.caps ?? []).map((row) => ({ country: row.country || null, day: row.day ?? null, week: row.week ?? null, month: row.month ?? null, total: row.total ?? null })),
    };
    await toastOutcome(() => save({ id: departmentId, body }).unwrap(), { successMessage: () => t(key('saved')), showFieldErrors: showErrorsIn(form) });
  }

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} disabled={!editable} requiredMark={false} data-testid="caps-form">
      <Typography.Paragraph type="secondary">{t(key('help'), { zone: caps.time_zone })}</Typography.Paragraph>
      <Form.List name="caps">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, index) => (
              <Flex key={row.key} gap="small" align="start" wrap data-testid="caps-row">
                <Form.Item name={[row.name, 'country']} label={index === 0 ? t(key('country')) : undefined} style={{ width: 200 }}>
                  <Select showSearch={countrySearch} aria-label={`${t(key('country'))} ${index + 1}`} options={countryOptions} />
                </Form.Item>
                {capPeriods.map((period) => (
                  <Form.Item key={period} name={[row.name, period]} label={index === 0 ? t(key(period)) : undefined}>
                    <InputNumber aria-label={`${t(key(period))} ${index + 1}`} precision={0} placeholder={t(key('no_cap'))} style={{ width: 110 }} />
                  </Form.Item>
                ))}
                {editable && (
                  <Button icon={<DeleteOutlined />} aria-label={`${t(key('remove'))} ${index + 1}`} onClick={() => remove(row.name)} style={index === 0 ? { marginTop: 30 } : undefined} />
                )}
              </Flex>
            ))}
            {editable && (
              <Button icon={<PlusOutlined />} onClick={() => add(emptyRow(''))} style={{ marginBottom: 16 }}>
                {t(key('add'))}
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Flex gap="large" wrap>
        <Form.Item name="pacing_per_hour" label={t(key('pacing'))} extra={t(key('pacing_help'))}>
          <InputNumber aria-label={t(key('pacing'))} precision={0} placeholder={t(key('no_pacing'))} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="refusals_count" label={t(key('refusals_count'))} extra={t(key('refusals_count_help'))} valuePropName="checked">
          <Switch aria-label={t(key('refusals_count'))} />
        </Form.Item>
      </Flex>
      <SaveButton editable={editable} saving={saving.isLoading} />
    </Form>
  );
}
