/** A JSON value as indented text (raw rows, sanitized requests and responses); strings holding JSON are parsed first. */
import { useTranslation } from 'react-i18next';

function prettyJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

export function JsonBlock({ value, testId }: { value: unknown; testId: string }) {
  const { t } = useTranslation();
  return (
    <pre data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 360, overflow: 'auto', margin: 0 }}>
      {prettyJson(value) ?? t('not_set')}
    </pre>
  );
}
