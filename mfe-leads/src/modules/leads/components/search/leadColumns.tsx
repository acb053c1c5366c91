/**
 * The columns of the lead table (cell types of docs/product.md#lists). `sortKey` only where the API sorts
 * (`leadSortKeys`, all index-backed); `shown` marks the columns a first visit shows before the user picks.
 */
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Space, Tag, Tooltip, formatAmount, renderCell } from '@crm/shared/ui';
import type { LeadListItem } from '@crm/shared/contract';
import type { LeadSortKey } from '../../hooks/leadSearchUrl.ts';

export type LeadColumn = { key: string; title: string; render(row: LeadListItem): ReactNode; sortKey?: LeadSortKey; shown: boolean };

/** `language`: the console's, for amounts. */
export function leadColumns(t: TFunction<'leads'>, language: string): LeadColumn[] {
  const common = (key: string) => t(`common:${key}`);
  const text = (value: string | null | undefined) => renderCell('text', value, common);
  const title = (key: string) => t(`leads.fields.${key}`);
  return [
    { key: 'id', title: title('id'), sortKey: 'id', shown: false, render: (row) => row.id },
    { key: 'lead_id', title: title('lead_id'), shown: false, render: (row) => text(row.lead_id) },
    { key: 'name', title: title('name'), shown: true, render: (row) => text(row.name) },
    { key: 'surname', title: title('surname'), shown: true, render: (row) => text(row.surname) },
    { key: 'email', title: title('email'), shown: true, render: (row) => text(row.email) },
    { key: 'phone', title: title('phone'), shown: true, render: (row) => text(row.phone_normalized ?? row.phone) },
    { key: 'country', title: title('country'), shown: true, render: (row) => text(row.country) },
    { key: 'language', title: title('language'), shown: false, render: (row) => text(row.language) },
    { key: 'funnel', title: title('funnel'), shown: false, render: (row) => text(row.funnel) },
    { key: 'source', title: title('source'), shown: true, render: (row) => text(row.source?.name) },
    { key: 'status', title: title('status'), shown: true, render: (row) => renderCell('status', row.status, common) },
    { key: 'tags', title: title('tags'), shown: true, render: (row) => renderCell('array', row.tags, common) },
    { key: 'last_department', title: title('last_department'), shown: true, render: (row) => text(row.last_department?.label) },
    {
      key: 'distribution',
      title: t('leads.search.filters.distribution'),
      shown: false,
      render: (row) => (row.distribution === null ? text(null) : <Tooltip title={row.distribution.reason}>{t(`leads.search.distribution.${row.distribution.state}`)}</Tooltip>),
    },
    { key: 'last_sent_at', title: title('last_sent_at'), sortKey: 'last_sent_at', shown: false, render: (row) => renderCell('datetime', row.last_sent_at, common) },
    { key: 'is_fresh', title: title('is_fresh'), shown: true, render: (row) => renderCell('boolean', row.is_fresh, common) },
    {
      key: 'deposit',
      title: title('deposit'),
      shown: true,
      // The amount when one is known, next to the yes/no badge of deposit_exists.
      render: (row) => (
        <Space size={4}>
          {renderCell('boolean', row.deposit_exists, common)}
          {row.purchase_amount !== null && <Tag>{formatAmount(row.purchase_amount, language)}</Tag>}
        </Space>
      ),
    },
    { key: 'api_ftd_at', title: title('api_ftd_at'), sortKey: 'api_ftd_at', shown: false, render: (row) => renderCell('datetime', row.api_ftd_at, common) },
    { key: 'created_at', title: title('created_at'), sortKey: 'created_at', shown: true, render: (row) => renderCell('datetime', row.created_at, common) },
    { key: 'updated_at', title: title('updated_at'), shown: true, render: (row) => renderCell('datetime', row.updated_at, common) },
  ];
}
