/**
 * The integration's "test" action: a sample lead (the contract's made-up defaults), dry run or for real, then
 * the exact request (and the token login before it), the broker's response or the network error, and what the
 * response rules extracted.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleLead, type IntegrationItem, type IntegrationTestRequest, type IntegrationTestResult, type SampleLead } from '@crm/shared/contract';
import { Button, Col, Flex, Form, Input, Modal, Row, Switch, placeFieldErrors, toastOutcome } from '@crm/shared/ui';
import { useIntegrationTestMutation } from '../api/integrationsApi.ts';
import { IntegrationTestResultView } from './IntegrationTestResultView.tsx';

type TestFormValues = { dry_run: boolean; lead: SampleLead };

const sampleLeadFields = ['name', 'surname', 'email', 'phone', 'country', 'language', 'ip', 'funnel'] as const satisfies readonly (keyof SampleLead)[];

type Props = { integration: Pick<IntegrationItem, 'id' | 'name'>; onClose(): void };

export function IntegrationTestDialog({ integration, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TestFormValues>();
  const [runTest, running] = useIntegrationTestMutation();
  const [result, setResult] = useState<IntegrationTestResult | null>(null);
  const initialValues: TestFormValues = { dry_run: true, lead: sampleLead.parse({}) };

  /** A 422 names sample-lead fields as `lead.email`: each under its input; anything else is toasted. */
  function showFieldErrors(errors: Record<string, string>): boolean {
    const entries = Object.entries(errors);
    const placed = entries.filter(([key]) => sampleLeadFields.some((name) => key === `lead.${name}`));
    placeFieldErrors(
      form,
      placed.map(([key, message]) => ({ name: key.split('.') as ['lead', keyof SampleLead], errors: [message] })),
    );
    return placed.length > 0 && placed.length === entries.length;
  }

  async function run(values: TestFormValues) {
    setResult(null);
    const body: IntegrationTestRequest = { dry_run: values.dry_run, lead: values.lead };
    const reply = await toastOutcome(() => runTest({ id: integration.id, body }).unwrap(), {
      // The result shows in the dialog itself: no success toast.
      successMessage: () => '',
      showFieldErrors,
    });
    if (reply) setResult(reply.data);
  }

  return (
    <Modal open title={`${t('brokers:integrations.test.title')} — ${integration.name}`} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <Form<TestFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void run(values)} requiredMark={false}>
        <Row gutter={12}>
          {sampleLeadFields.map((name) => (
            <Col key={name} xs={24} sm={12} md={6}>
              <Form.Item name={['lead', name]} label={t(`brokers:integrations.test.lead.${name}`)}>
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Flex justify="space-between" align="center" gap="middle" wrap>
          <Form.Item name="dry_run" valuePropName="checked" label={t('brokers:integrations.test.dryRun')} extra={t('brokers:integrations.test.dryRunHelp')} style={{ marginBottom: 0 }}>
            <Switch />
          </Form.Item>
          <Flex gap="small">
            <Button onClick={onClose}>{t('brokers:integrations.test.close')}</Button>
            <Button type="primary" htmlType="submit" loading={running.isLoading} data-testid="integration-test-run">
              {t('brokers:integrations.test.run')}
            </Button>
          </Flex>
        </Flex>
      </Form>
      {result && <IntegrationTestResultView result={result} />}
    </Modal>
  );
}
