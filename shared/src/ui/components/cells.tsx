/** Table cells (docs/product.md#lists): dates, booleans, cut text with tooltip, arrays, objects and status. */
import type { ReactNode } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { cutText } from '@crm/shared';
import { dateFormat, dateTimeFormat, formatDate } from '../format/dates.ts';

export type ColumnType = 'text' | 'date' | 'datetime' | 'boolean' | 'array' | 'object' | 'status';
export type StatusValue = { name: string; text_color: string; bg_color: string };
type Translate = (key: string) => string;

function isStatus(value: unknown): value is StatusValue {
  return Boolean(value) && typeof value === 'object' && 'name' in (value as object);
}

/** Pixels an array cell (tags) keeps however narrow the table is. */
export const arrayCellMinWidth = 180;

/**
 * A value that reads as one piece stays on one line: a date split as "Nov 25, / 2026 / 20:15:08", or a cut text (at
 * most 30 characters and an ellipsis) broken word by word, made every row of a table squeezed by the
 * automatic layout (a laptop's 1024 px) three to six lines tall. The table scrolls sideways instead.
 */
const oneLine = (content: ReactNode): ReactNode => <span style={{ whiteSpace: 'nowrap' }}>{content}</span>;

export function renderCell(type: ColumnType, value: unknown, t: Translate): ReactNode {
  switch (type) {
    case 'date':
    case 'datetime': {
      const text = formatDate(value, type === 'date' ? dateFormat : dateTimeFormat);
      return text === null ? t('not_set') : oneLine(text);
    }
    case 'boolean':
      return value ? <Tag color="success">{t('yes')}</Tag> : <Tag color="error">{t('no')}</Tag>;
    case 'status':
      // Muted, as an unset value is everywhere else (the lead profile's not_set).
      if (!isStatus(value)) return <Typography.Text type="secondary">{t('status.not.set')}</Typography.Text>;
      return <Tag style={{ color: value.text_color, background: value.bg_color, borderColor: value.bg_color }}>{value.name}</Tag>;
    case 'array':
      // Tags wrap, and a long one breaks inside: left on one line they ran under the next columns. The cell keeps
      // room for a label of a few words a line (a department's label is broker, companies and branch): squeezed by
      // the automatic layout to its longest word, it made every row as tall as ten lines. A word longer than the cell
      // ("Broker-Company-Branch") breaks anywhere: unbroken, it ran into the pinned Actions column.
      return Array.isArray(value) ? (
        <Flex wrap gap={4} style={{ minWidth: arrayCellMinWidth }}>
          {value.map((item, index) => (
            <Tag key={index} style={{ marginInlineEnd: 0, maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {labelOf(item)}
            </Tag>
          ))}
        </Flex>
      ) : null;
    case 'object':
      // Its name reads as a text does: cut, on one line.
      return value && typeof value === 'object' ? textCell(labelOf(value)) : null;
    case 'text':
      return value === null || value === undefined ? '' : textCell(String(value));
  }
}

function textCell(value: string): ReactNode {
  const { text, full } = cutText(value);
  return full ? <Tooltip title={full}>{oneLine(text)}</Tooltip> : oneLine(text);
}

function labelOf(value: unknown): string {
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return String(record['name'] ?? record['title'] ?? record['label'] ?? JSON.stringify(value));
  }
  return String(value);
}
