/** "N leads", or "about N leads" when the total is the API's estimate (more matches than it counts exactly). */
import { useTranslation } from 'react-i18next';
import { Typography } from '@crm/shared/ui';

export function LeadTotal({ total, estimated }: { total: number; estimated: boolean }) {
  const { t, i18n } = useTranslation('leads');
  const text = t(estimated ? 'leads.search.total_estimated' : 'leads.search.total', { count: total, total: new Intl.NumberFormat(i18n.language).format(total) });
  return (
    <Typography.Text strong data-testid="lead-total" data-total={total} data-estimated={estimated}>
      {text}
    </Typography.Text>
  );
}
