/** How a profile shows one lead field: full text (not cut, unlike table cells), formatted dates, the table badges. */
import type { ReactNode } from 'react';
import { Typography, dateTimeFormat, formatAmount, formatDate, renderCell } from '@crm/shared/ui';

type Translate = (key: string) => string;

/** The value in a span with `data-testid="lead-value-<field>"`; empty shows the translated not_set. */
export function FieldValue({ field, children, t }: { field: string; children: ReactNode; t: Translate }) {
  const empty = children === null || children === undefined || children === '';
  return <span data-testid={`lead-value-${field}`}>{empty ? <Typography.Text type="secondary">{t('not_set')}</Typography.Text> : children}</span>;
}

export const dateTimeOf = (value: string | null) => formatDate(value, dateTimeFormat);
export const dateOf = (value: string | null) => formatDate(value);
export const amountOf = (value: string | null, language: string) => value && formatAmount(value, language);
export const yesNoOf = (value: boolean, t: Translate) => renderCell('boolean', value, t);
export const statusOf = (value: unknown, t: Translate) => renderCell('status', value, t);

/** An autologin link: only http(s) becomes a link (never `javascript:`), opened in a new tab without an opener. */
export function ExternalLink({ url }: { url: string }) {
  if (!/^https?:\/\//i.test(url)) return <Typography.Text>{url}</Typography.Text>;
  return (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
      {url}
    </Typography.Link>
  );
}
