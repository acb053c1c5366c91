import { useTranslation } from 'react-i18next';
import type { JobStatus } from '@crm/shared/contract';
import { Tag } from '@crm/shared/ui';

const colours: Record<JobStatus, string> = { pending: 'default', running: 'processing', finished: 'success', failed: 'error', cancelled: 'warning' };

export function JobStatusTag({ status }: { status: JobStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[status]} data-status={status}>
      {t(`management:jobs.statuses.${status}`)}
    </Tag>
  );
}
