/**
 * A list's total: "N leads", or "about N leads (estimated)" when it is the API's estimate (more rows than it counts
 * exactly). `texts`: where the list's `total` and `total_estimated` texts are.
 */
import { useTranslation } from 'react-i18next';
import { Typography, formatCount } from '@crm/shared/ui';

export function ListTotal({ total, estimated, texts, testId }: { total: number; estimated: boolean; texts: 'leads.search' | 'leads.history'; testId: string }) {
  const { t, i18n } = useTranslation('leads');
  const text = t(estimated ? `${texts}.total_estimated` : `${texts}.total`, { count: total, total: formatCount(total, i18n.language) });
  return (
    <Typography.Text strong data-testid={testId} data-total={total} data-estimated={estimated}>
      {text}
    </Typography.Text>
  );
}
