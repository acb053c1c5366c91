/** "Run now": queues the status-rules job at once instead of waiting for the schedule, and says where to follow it. */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { Alert, Button, ReloadOutlined, toastOutcome } from '@crm/shared/ui';
import type { Job } from '@crm/shared/contract';
import { useStatusRulesRunMutation } from '../api/statusRulesApi.ts';
import { routeUrl } from '@crm/shared/routes';

export function RunRulesNowButton({ onStarted }: { onStarted(job: Job): void }) {
  const { t } = useTranslation();
  const [run, running] = useStatusRulesRunMutation();
  async function start() {
    const started = await toastOutcome(() => run().unwrap());
    if (started) onStarted(started.data);
  }
  return (
    <Button icon={<ReloadOutlined />} loading={running.isLoading} data-testid="rules-run-now" onClick={() => void start()}>
      {t('leads:leads.rules.runNow')}
    </Button>
  );
}

export function RulesJobStarted({ job, onClose }: { job: Job; onClose(): void }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose }}
      data-testid="rules-run-started"
      style={{ marginBottom: 16 }}
      title={t('leads:leads.rules.started', { id: job.id })}
      description={
        can('user.profile.job.view') ? (
          <Link to={routeUrl('profile/jobs')} data-testid="rules-run-jobs-link">
            {t('leads:leads.rules.followInJobs')}
          </Link>
        ) : null
      }
    />
  );
}
