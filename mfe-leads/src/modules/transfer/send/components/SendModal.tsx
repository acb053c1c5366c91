/**
 * The send dialog (issue 7): what is sent (one lead, the selection, or everything the current filter matches, cut
 * at `sendMaxLeads`), to which broker department; then the job's progress and its counts. A refusal about the
 * department shows under it; any other refusal above the pickers.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendMaxLeads, shownTotal, type Job } from '@crm/shared/contract';
import { Alert, Button, Checkbox, Flex, Form, Modal, SendOutlined, Typography, formatCount, toastOutcome } from '@crm/shared/ui';
import { useLeadSendStartMutation } from '../api/sendApi.ts';
import { leadsToSend, noSendTarget, placeSendErrors, scopeIsCapped, sendRequestBody, type SendScope, type SendTarget } from '../sendRequest.ts';
import { DepartmentPicker } from './DepartmentPicker.tsx';
import { SendProgress } from './SendProgress.tsx';

/** The filter's scope as its total reads: counted, estimated, or more than the cap. */
const filteredTexts = { exact: 'leads.send.scope.filtered', estimated: 'leads.send.scope.filteredEstimated', more_than: 'leads.send.scope.filteredMoreThan' } as const;

function ScopeText({ scope }: { scope: SendScope }) {
  const { t, i18n } = useTranslation('leads');
  const number = (value: number) => formatCount(value, i18n.language);
  const count = leadsToSend(scope);
  let text: string;
  if (scope.kind === 'lead') text = t('leads.send.scope.lead', { lead: scope.label });
  else if (scope.kind === 'selection') text = t('leads.send.scope.selected', { count: scope.ids.length, total: number(scope.ids.length) });
  else if (scope.total === null) text = t('leads.send.scope.filteredUncounted');
  else if (scope.total === 0) text = t('leads.send.scope.none');
  else {
    const shown = shownTotal(scope.total, scope.totalKind);
    text = t(filteredTexts[scope.totalKind], { count: shown, total: number(shown) });
  }
  return (
    <Flex vertical gap="small">
      <Typography.Text data-testid="lead-send-scope" data-count={count ?? undefined}>
        {text}
      </Typography.Text>
      {scopeIsCapped(scope) && <Alert type="warning" showIcon data-testid="lead-send-capped" title={t('leads.send.scope.capped', { max: number(sendMaxLeads) })} />}
    </Flex>
  );
}

export function SendModal({ scope, onClose }: { scope: SendScope; onClose(): void }) {
  const { t } = useTranslation('leads');
  const [start, starting] = useLeadSendStartMutation();
  const [target, setTarget] = useState<SendTarget>(noSendTarget);
  const [resendUnknown, setResendUnknown] = useState(false);
  const [errors, setErrors] = useState<{ department?: string; other?: string }>({});
  const [started, setStarted] = useState<{ job: Job; departmentId: number } | null>(null);
  const nothingToSend = leadsToSend(scope) === 0;

  async function send() {
    const departmentId = target.departmentId;
    if (departmentId === null) return;
    setErrors({});
    const done = await toastOutcome(() => start(sendRequestBody(departmentId, scope, resendUnknown)).unwrap(), {
      successMessage: (response) => response.message ?? t('leads.send.started'),
      showFieldErrors: (fields) => {
        setErrors(placeSendErrors(fields));
        return Object.keys(fields).length > 0;
      },
    });
    if (done) setStarted({ job: done.data, departmentId });
  }

  return (
    <Modal open title={t('leads.send.title')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Flex vertical gap="middle" data-testid="lead-send-modal">
        <ScopeText scope={scope} />
        {errors.other && <Alert type="error" showIcon data-testid="lead-send-error" title={errors.other} />}
        <Form layout="vertical" component="div">
          <DepartmentPicker
            value={target}
            disabled={started !== null}
            departmentError={errors.department}
            testIdPrefix="lead-send"
            onChange={(chosen) => {
              setTarget(chosen);
              setErrors({});
            }}
          />
          <Checkbox data-testid="lead-send-resend-unknown" checked={resendUnknown} disabled={started !== null} onChange={(event) => setResendUnknown(event.target.checked)}>
            {t('leads.send.resendUnknown')}
          </Checkbox>
        </Form>
        {started && <SendProgress key={started.job.id} started={started.job} departmentId={started.departmentId} />}
        <Flex gap="small" justify="end">
          <Button onClick={onClose} data-testid="lead-send-close">
            {started ? t('leads.import.actions.close') : t('common:actions.cancel')}
          </Button>
          {!started && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              data-testid="lead-send-submit"
              disabled={target.departmentId === null || nothingToSend}
              loading={starting.isLoading}
              onClick={() => void send()}
            >
              {t('leads.send.submit')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Modal>
  );
}
