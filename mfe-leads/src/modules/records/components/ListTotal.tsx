/**
 * A list's total: "N leads", "about N leads (estimated)" when it is the API's estimate, or "more than N leads" when the
 * API counted past its cap and the estimate came out lower (`total` is then the cap + 1). `texts`: where the list's
 * `total`, `total_estimated` and `total_more_than` texts are.
 */
import { useTranslation } from 'react-i18next';
import { shownTotal, totalKindOf, type EstimatedTotal } from '@crm/shared/contract';
import { Typography, formatCount } from '@crm/shared/ui';

const textKeys = { exact: 'total', estimated: 'total_estimated', more_than: 'total_more_than' } as const;

type Props = { meta: EstimatedTotal; texts: 'leads.search' | 'leads.history'; testId: string };

export function ListTotal({ meta, texts, testId }: Props) {
  const { t, i18n } = useTranslation('leads');
  const kind = totalKindOf(meta);
  const shown = shownTotal(meta.total, kind);
  return (
    <Typography.Text strong data-testid={testId} data-total={meta.total} data-kind={kind}>
      {t(`${texts}.${textKeys[kind]}`, { count: shown, total: formatCount(shown, i18n.language) })}
    </Typography.Text>
  );
}
