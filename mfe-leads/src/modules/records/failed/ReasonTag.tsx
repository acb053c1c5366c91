import { useTranslation } from 'react-i18next';
import { Tag } from '@crm/shared/ui';
import type { FailedLeadReasonCode } from '@crm/shared/contract';

/** Blacklisted and duplicate rows are usually left alone; invalid and unknown ones are the ones to fix. */
const colors: Record<FailedLeadReasonCode, string> = {
  INVALID: 'red',
  DUPLICATE: 'orange',
  BLACKLISTED: 'volcano',
  UNKNOWN_SOURCE: 'purple',
  UNKNOWN_STATUS: 'geekblue',
  CAP_REACHED: 'gold',
};

export function ReasonTag({ code, testId }: { code: FailedLeadReasonCode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[code]} data-testid={testId} data-reason={code}>
      {t(`leads:leads.failed.reasons.${code}`)}
    </Tag>
  );
}
