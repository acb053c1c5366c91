import { useTranslation } from 'react-i18next';
import { Alert, formatCount, renderCell } from '@crm/shared/ui';
import { contrastRatio, defaultStatusColors, isHexColour, readableContrast } from '@crm/shared/contract';

/** A status row, a form's values or an embedded status: name, bg_color and text_color are read if present. */
export type StatusColours = Readonly<Record<string, unknown>>;

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);

const coloursOf = (status: StatusColours) => ({ bg_color: text(status['bg_color'], defaultStatusColors.bg_color), text_color: text(status['text_color'], defaultStatusColors.text_color) });

/** A status as the tables show it (their status cell), in its own colours; the stored defaults fill gaps. */
export function StatusBadge({ status }: { status: StatusColours }) {
  const { t } = useTranslation();
  const value = { name: text(status['name'], t('settings:statusPreview.placeholder')), ...coloursOf(status) };
  return <span data-testid="status-badge">{renderCell('status', value, t)}</span>;
}

/** Said when the text would be hard to read on the colour: under WCAG AA's 4.5:1, as the seeded statuses never are. */
function ContrastWarning({ values }: { values: StatusColours }) {
  const { t, i18n } = useTranslation();
  const { bg_color, text_color } = coloursOf(values);
  if (!isHexColour(bg_color) || !isHexColour(text_color)) return null;
  const ratio = contrastRatio(text_color, bg_color);
  if (ratio >= readableContrast) return null;
  const shown = (value: number) => formatCount(Math.floor(value * 10) / 10, i18n.language);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 8 }}
      data-testid="status-contrast-warning"
      title={t('settings:statusPreview.lowContrast', { ratio: shown(ratio), readable: shown(readableContrast) })}
    />
  );
}

/** The live preview of the status form: the badge as the list will show it. */
export function StatusPreview({ values }: { values: StatusColours }) {
  const { t } = useTranslation();
  return (
    <div aria-label={t('settings:statusPreview.label')} role="figure">
      <div style={{ marginBottom: 4 }}>{t('settings:statusPreview.label')}</div>
      <StatusBadge status={values} />
      <ContrastWarning values={values} />
    </div>
  );
}
