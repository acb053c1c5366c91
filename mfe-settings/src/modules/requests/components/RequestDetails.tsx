/** One logged request in a drawer: its sanitized headers and bodies as the server stored them. */
import { useTranslation } from 'react-i18next';
import { Descriptions, Drawer, LeadProfileLink, Spin, Typography, dateTimeFormat, formatDate, useResourceGetQuery } from '@crm/shared/ui';
import type { RequestLogEntry } from '@crm/shared/contract';
import { integrationLabel } from './integrationLabel.ts';

const path = '/settings/request';

function Block({ text, testId }: { text: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <pre data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto', margin: 0 }}>
      {text ?? t('not_set')}
    </pre>
  );
}

function pretty(text: string | null): string | null {
  if (text === null) return null;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function RequestDetails({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation();
  const entry = useResourceGetQuery({ path, id });
  const data = entry.data?.data as RequestLogEntry | undefined;
  return (
    <Drawer open onClose={onClose} size="large" title={t('settings:requests.details')} data-testid="request-details">
      {!data ? (
        <Spin />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('settings:requests.time')}>{formatDate(data.created_at, dateTimeFormat)}</Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.direction')}>{t(`settings:requests.directions.${data.direction}`)}</Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.method')}>{data.method}</Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.url')}>
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {data.url}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.status')}>{data.status ?? t('not_set')}</Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.duration')}>{data.duration_ms === null ? t('not_set') : `${data.duration_ms} ms`}</Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.integration')}>
            <span data-testid="request-integration">{integrationLabel(data, t) ?? t('not_set')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.lead')}>
            {data.lead_id === null ? t('not_set') : <LeadProfileLink id={data.lead_id}>{data.lead_id}</LeadProfileLink>}
          </Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.headers')}>
            <Block testId="request-headers" text={data.request_headers ? JSON.stringify(data.request_headers, null, 2) : null} />
          </Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.requestBody')}>
            <Block testId="request-body" text={pretty(data.request_body)} />
          </Descriptions.Item>
          <Descriptions.Item label={t('settings:requests.responseBody')}>
            <Block testId="response-body" text={pretty(data.response_body)} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
