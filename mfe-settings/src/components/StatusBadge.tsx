import { useTranslation } from 'react-i18next';
import { renderCell } from '@crm/shared/ui';
import { defaultStatusColors } from '@crm/shared/contract';

/** A status row, a form's values or an embedded status: name, bg_color and text_color are read if present. */
export type StatusColours = Readonly<Record<string, unknown>>;

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);

/** A status as the tables show it (SPEC §2 status cell), in its own colours; the stored defaults fill gaps. */
export function StatusBadge({ status }: { status: StatusColours }) {
  const { t } = useTranslation();
  const value = { name: text(status['name'], t('settings:statusPreview.placeholder')), bg_color: text(status['bg_color'], defaultStatusColors.bg_color), text_color: text(status['text_color'], defaultStatusColors.text_color) };
  return <span data-testid="status-badge">{renderCell('status', value, t)}</span>;
}

/** The live preview of the status form: the badge as the list will show it. */
export function StatusPreview({ values }: { values: StatusColours }) {
  const { t } = useTranslation();
  return (
    <div aria-label={t('settings:statusPreview.label')} role="figure">
      <div style={{ marginBottom: 4 }}>{t('settings:statusPreview.label')}</div>
      <StatusBadge status={values} />
    </div>
  );
}
