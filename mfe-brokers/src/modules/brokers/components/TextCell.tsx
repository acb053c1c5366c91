import { useTranslation } from 'react-i18next';
import { renderCell } from '@crm/shared/ui';

/** A computed label as a table text cell (cut at 30 characters, the full text in a tooltip). */
export function TextCell({ text }: { text: string | null }) {
  const { t } = useTranslation();
  return <>{renderCell('text', text, t)}</>;
}
