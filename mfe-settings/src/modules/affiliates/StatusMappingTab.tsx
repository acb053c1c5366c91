/**
 * The "status mapping" tab of an affiliate company (docs/product.md#affiliate-intake-api): its time zone, daily cap,
 * default public status and FTD hold, and, per internal lead status, the public status the affiliate sees (empty:
 * the default). Save writes the settings, then the whole map; a server refusal shows under its field or row.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess, useOptionList } from '@crm/shared';
import { Alert, Button, Flex, Form, Input, InputNumber, LoadFailed, placeFieldErrors, Spin, Table, toastOutcome } from '@crm/shared/ui';
import { maxFtdHoldHours, type AffiliateSettingsItem, type AffiliateStatusMap, type AffiliateStatusMapEntry } from '@crm/shared/contract';
import { useAffiliateSettingsQuery, useAffiliateSettingsUpdateMutation, useAffiliateStatusMapQuery, useAffiliateStatusMapUpdateMutation } from './api/affiliateAccessApi.ts';

type StatusOption = { id: number; name: string; class: string };

/** `s12`: the form key of status 12's public status (a string key keeps antd from building an array). */
const publicKey = (statusId: number) => `s${statusId}`;

const settingsFields: readonly string[] = ['time_zone', 'daily_cap', 'default_public_status', 'ftd_hold_hours'];

type Values = {
  time_zone: string;
  daily_cap: number | null;
  default_public_status: string;
  ftd_hold_hours: number;
  public: Record<string, string | undefined>;
};

function initialValuesOf(settings: AffiliateSettingsItem, statusMap: AffiliateStatusMap): Values {
  const { affiliate_company_id: _company, ...fields } = settings;
  return { ...fields, public: Object.fromEntries(statusMap.map.map((entry) => [publicKey(entry.status_id), entry.public_status])) };
}

/** The map as sent: the statuses given a public status, in the table's order. */
function mapOf(values: Values, statuses: readonly StatusOption[]): AffiliateStatusMapEntry[] {
  return statuses.flatMap((status) => {
    const shown = values.public[publicKey(status.id)]?.trim();
    return shown ? [{ status_id: status.id, public_status: shown }] : [];
  });
}

export function StatusMappingTab({ companyId }: { companyId: number }) {
  const settings = useAffiliateSettingsQuery(companyId);
  const statusMap = useAffiliateStatusMapQuery(companyId);
  if (settings.isError || statusMap.isError) {
    const retry = () => void Promise.all([settings.refetch(), statusMap.refetch()]);
    return <LoadFailed retry={retry} testId="status-mapping-failed" />;
  }
  if (!settings.data || !statusMap.data) return <Spin data-testid="status-mapping-loading" />;
  return <StatusMappingForm companyId={companyId} initialValues={initialValuesOf(settings.data.data, statusMap.data.data)} />;
}

function StatusMappingForm({ companyId, initialValues }: { companyId: number; initialValues: Values }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<Values>();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const statuses = useOptionList<StatusOption>('statuses').data.filter((status) => status.class === 'lead');
  const [saveSettings, savingSettings] = useAffiliateSettingsUpdateMutation();
  const [saveMap, savingMap] = useAffiliateStatusMapUpdateMutation();
  const defaultStatus = Form.useWatch('default_public_status', form);
  const editable = can('settings.affiliateCompany.update');

  async function submit(values: Values) {
    setGeneralError(null);
    const map = mapOf(values, statuses);
    // `map.3.public_status` names the fourth entry sent: its row is that entry's status.
    const showFieldErrors = (errors: Record<string, string>): boolean => {
      const placed: { name: [keyof Values] | ['public', string]; errors: string[] }[] = [];
      for (const [field, message] of Object.entries(errors)) {
        const entry = /^map\.(\d+)\./.exec(field);
        const status = entry ? map[Number(entry[1])] : undefined;
        if (status) placed.push({ name: ['public', publicKey(status.status_id)], errors: [message] });
        else if (settingsFields.includes(field)) placed.push({ name: [field as keyof Values], errors: [message] });
        else setGeneralError(message);
      }
      placeFieldErrors(form, placed);
      return Object.keys(errors).length > 0;
    };
    const { public: _public, ...fields } = values;
    await toastOutcome(
      async () => {
        await saveSettings({ companyId, body: { ...fields, daily_cap: fields.daily_cap ?? null } }).unwrap();
        return saveMap({ companyId, body: { map } }).unwrap();
      },
      { successMessage: () => t('settings:affiliateAccess.saved'), showFieldErrors },
    );
  }

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} requiredMark={false} disabled={!editable} data-testid="status-mapping-form">
      <Flex gap="middle" wrap>
        <Form.Item name="time_zone" label={t('settings:affiliateAccess.time_zone')} extra={t('settings:affiliateAccess.time_zone_help')} style={{ minWidth: 220 }}>
          <Input aria-label={t('settings:affiliateAccess.time_zone')} placeholder="Europe/Berlin" />
        </Form.Item>
        <Form.Item name="daily_cap" label={t('settings:affiliateAccess.daily_cap')} extra={t('settings:affiliateAccess.daily_cap_help')}>
          <InputNumber aria-label={t('settings:affiliateAccess.daily_cap')} min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="default_public_status" label={t('settings:affiliateAccess.default_public_status')} style={{ minWidth: 220 }}>
          <Input aria-label={t('settings:affiliateAccess.default_public_status')} maxLength={64} />
        </Form.Item>
        <Form.Item name="ftd_hold_hours" label={t('settings:affiliateAccess.ftd_hold_hours')} extra={t('settings:affiliateAccess.ftd_hold_hours_help')}>
          <InputNumber aria-label={t('settings:affiliateAccess.ftd_hold_hours')} min={0} max={maxFtdHoldHours} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      <Table<StatusOption>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={statuses}
        data-testid="status-mapping-table"
        columns={[
          { key: 'name', dataIndex: 'name', title: t('settings:affiliateAccess.internal_status') },
          {
            key: 'public',
            title: t('settings:affiliateAccess.public_status'),
            render: (_value, status) => (
              <Form.Item name={['public', publicKey(status.id)]} style={{ margin: 0 }}>
                <Input aria-label={`${t('settings:affiliateAccess.public_status')}: ${status.name}`} placeholder={defaultStatus} maxLength={64} />
              </Form.Item>
            ),
          },
        ]}
      />
      {generalError && <Alert type="error" showIcon message={generalError} data-testid="status-mapping-error" style={{ marginTop: 16 }} />}
      {editable && (
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={savingSettings.isLoading || savingMap.isLoading}>
            {t('resource.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
