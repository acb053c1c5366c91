/** One send attempt in a drawer: where it went, how it ended, and the sanitized request and response. */
import { useTranslation } from 'react-i18next';
import { Descriptions, Drawer, dateTimeFormat, formatDate } from '@crm/shared/ui';
import type { LeadSendHistory } from '@crm/shared/contract';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { LeadLink } from './LeadLink.tsx';
import { StateTag } from './StateTag.tsx';
import { durationText } from './durationText.ts';

export function SendHistoryDetails({ entry, onClose }: { entry: LeadSendHistory; onClose(): void }) {
  const { t } = useTranslation();
  const notSet = t('not_set');
  return (
    <Drawer open onClose={onClose} size="large" title={t('leads:leads.history.details')} data-testid="history-details">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('leads:leads.history.when')}>{formatDate(entry.created_at, dateTimeFormat) ?? notSet}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.lead')}>
          <LeadLink lead={entry.lead} testId="history-details-lead" />
        </Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.department_id')}>{entry.department?.label ?? notSet}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.integration')}>
          {entry.send_integration_name ?? (entry.send_integration_id === null ? notSet : `#${entry.send_integration_id}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.user')}>{entry.user?.name ?? notSet}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.state')}>
          <StateTag state={entry.state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.failure_status')}>{entry.failure_status ?? notSet}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.apiLeadId')}>{entry.api_lead_id ?? notSet}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.duration')}>{durationText(entry.duration_ms, t)}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.request')}>
          <JsonBlock value={entry.request} testId="history-request" />
        </Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.history.response')}>
          <JsonBlock value={entry.response} testId="history-response" />
        </Descriptions.Item>
      </Descriptions>
    </Drawer>
  );
}
