/** "N leads", or "about N leads" when the total is the API's estimate (more matches than it counts exactly). */
import { useTranslation } from 'react-i18next';
import { Typography, formatCount } from '@crm/shared/ui';

export function LeadTotal({ total, estimated }: { total: number; estimated: boolean }) {
  const { t, i18n } = useTranslation('leads');
  const text = t(estimated ? 'leads.search.total_estimated' : 'leads.search.total', { count: total, total: formatCount(total, i18n.language) });
  return (
    <Typography.Text strong data-testid="lead-total" data-total={total} data-estimated={estimated}>
      {text}
    </Typography.Text>
  );
}
