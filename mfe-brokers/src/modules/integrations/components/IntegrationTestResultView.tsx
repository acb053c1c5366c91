/** What a test of an integration did: the (sanitized) token login and request, the response or network error, the outcome. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntegrationTestResult, SanitizedRequest, SendOutcome } from '@crm/shared/contract';
import { Alert, Descriptions, Divider, Tag, Typography, renderCell } from '@crm/shared/ui';

const preStyle = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 280, overflow: 'auto', margin: 0 } as const;

function Headers({ headers, testId }: { headers: Record<string, string>; testId: string }) {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return (
    <pre data-testid={testId} style={preStyle}>
      {lines.join('\n')}
    </pre>
  );
}

function Body({ body, testId }: { body: string | null; testId: string }) {
  const { t } = useTranslation();
  return body === null || body === '' ? (
    <Typography.Text type="secondary">{t('brokers:integrations.test.noBody')}</Typography.Text>
  ) : (
    <pre data-testid={testId} style={preStyle}>
      {body}
    </pre>
  );
}

function RequestView({ request, testId }: { request: SanitizedRequest; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Typography.Paragraph>
        <Typography.Text code data-testid={`${testId}-line`}>{`${request.method} ${request.url}`}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Text strong>{t('brokers:integrations.test.headers')}</Typography.Text>
      <Headers headers={request.headers} testId={`${testId}-headers`} />
      <Typography.Text strong>{t('brokers:integrations.test.body')}</Typography.Text>
      <Body body={request.body} testId={`${testId}-body`} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" plain>
        {title}
      </Divider>
      {children}
    </>
  );
}

function UrlValue({ url }: { url: string | null }) {
  const { t } = useTranslation();
  return url ? (
    <Typography.Link href={url} target="_blank" rel="noreferrer noopener">
      {url}
    </Typography.Link>
  ) : (
    <>{t('not_set')}</>
  );
}

function OutcomeView({ outcome, durationMs }: { outcome: SendOutcome; durationMs: number | null }) {
  const { t } = useTranslation();
  const text = (value: string | null) => value ?? t('not_set');
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('brokers:integrations.test.success')}>{renderCell('boolean', outcome.success, t)}</Descriptions.Item>
      <Descriptions.Item label={t('brokers:integrations.test.failureStatus')}>{text(outcome.failure_status)}</Descriptions.Item>
      <Descriptions.Item label={t('brokers:integrations.test.apiLeadId')}>{text(outcome.api_lead_id)}</Descriptions.Item>
      <Descriptions.Item label={t('brokers:integrations.test.leadUrl')}>
        <UrlValue url={outcome.lead_url} />
      </Descriptions.Item>
      <Descriptions.Item label={t('brokers:integrations.test.clientUrl')}>
        <UrlValue url={outcome.client_url} />
      </Descriptions.Item>
      <Descriptions.Item label={t('brokers:integrations.test.duration')}>{durationMs === null ? t('not_set') : t('brokers:milliseconds', { count: durationMs })}</Descriptions.Item>
    </Descriptions>
  );
}

export function IntegrationTestResultView({ result }: { result: IntegrationTestResult }) {
  const { t } = useTranslation();
  const { response } = result;
  return (
    <div data-testid="integration-test-result">
      {result.dry_run && <Alert type="info" showIcon title={t('brokers:integrations.test.dryRunDone')} style={{ marginTop: 16 }} />}
      {result.token_request && (
        <Section title={t('brokers:integrations.test.tokenRequest')}>
          <RequestView request={result.token_request} testId="integration-test-token-request" />
        </Section>
      )}
      <Section title={t('brokers:integrations.test.request')}>
        <RequestView request={result.request} testId="integration-test-request" />
      </Section>
      <Section title={t('brokers:integrations.test.response')}>
        <div data-testid="integration-test-response">
          {response ? (
            <>
              <Typography.Paragraph>
                <Tag color={response.status >= 200 && response.status < 300 ? 'green' : 'red'} data-testid="integration-test-response-status">
                  {`HTTP ${response.status}`}
                </Tag>
              </Typography.Paragraph>
              <Typography.Text strong>{t('brokers:integrations.test.headers')}</Typography.Text>
              <Headers headers={response.headers} testId="integration-test-response-headers" />
              <Typography.Text strong>{t('brokers:integrations.test.body')}</Typography.Text>
              <Body body={response.body} testId="integration-test-response-body" />
            </>
          ) : result.error ? (
            <Alert type="error" showIcon title={t('brokers:integrations.test.networkError')} description={result.error} />
          ) : (
            <Typography.Text type="secondary">{t('brokers:integrations.test.notSent')}</Typography.Text>
          )}
        </div>
      </Section>
      <Section title={t('brokers:integrations.test.outcome')}>
        <div data-testid="integration-test-outcome">
          {result.outcome ? (
            <OutcomeView outcome={result.outcome} durationMs={result.duration_ms} />
          ) : (
            <Typography.Text type="secondary">{t('brokers:integrations.test.notSent')}</Typography.Text>
          )}
        </div>
      </Section>
    </div>
  );
}
