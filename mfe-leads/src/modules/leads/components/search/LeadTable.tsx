/**
 * The lead table: antd's Table directly rather than the shared DataTable, because this list needs row
 * selection, clickable rows and a sort order driven by the URL, which DataTable does not offer. Cells
 * still go through the shared cell renderers (leadColumns).
 */
import type { HTMLAttributes, Key, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { Button, EyeOutlined, Flex, SendOutlined, Table, Tooltip, type TableColumnsType, type TableProps } from '@crm/shared/ui';
import type { LeadListItem } from '@crm/shared/contract';
import { leadPageSizes, type LeadSort } from '../../hooks/leadSearchUrl.ts';
import { routeUrl } from '@crm/shared/routes';
import type { LeadColumn } from './leadColumns.tsx';

type LeadTableProps = {
  rows: readonly LeadListItem[];
  columns: readonly LeadColumn[];
  loading: boolean;
  sort: LeadSort | null;
  onSortChange(sort: LeadSort | null): void;
  page: number;
  perPage: number;
  total: number;
  onPageChange(page: number, perPage: number): void;
  selected: readonly number[];
  onSelect(ids: number[]): void;
  /** Send one lead from its row; absent for a user who may not send. */
  onSend?(row: LeadListItem): void;
};

type Sorter = Parameters<NonNullable<TableProps<LeadListItem>['onChange']>>[2];

function sortOf(sorter: Sorter, columns: readonly LeadColumn[]): LeadSort | null {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const sortKey = columns.find((column) => column.key === single?.columnKey)?.sortKey;
  if (!sortKey || !single?.order) return null;
  return { sort: sortKey, direction: single.order === 'descend' ? 'desc' : 'asc' };
}

/** A click on the checkbox, a link or a button is not a click on the row. */
function isRowClick(event: MouseEvent<HTMLElement>): boolean {
  return !(event.target instanceof Element && event.target.closest('.ant-table-selection-column, a, button, input'));
}

export function LeadTable({ rows, columns, loading, sort, onSortChange, page, perPage, total, onPageChange, selected, onSelect, onSend }: LeadTableProps) {
  const { t } = useTranslation('leads');
  const { can } = useAccess();
  const navigate = useNavigate();
  const mayOpen = can('lead.single.view');

  const tableColumns: TableColumnsType<LeadListItem> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    render: (_value: unknown, row: LeadListItem) => column.render(row),
    ...(column.sortKey ? { sorter: true, sortOrder: sort?.sort === column.sortKey ? (sort.direction === 'asc' ? ('ascend' as const) : ('descend' as const)) : null } : {}),
  }));
  // The actions column shows when the user may view a lead or send it.
  if (mayOpen || onSend) {
    tableColumns.push({
      key: 'actions',
      title: t('common:table.actions'),
      fixed: 'right',
      render: (_value: unknown, row: LeadListItem) => (
        <Flex gap={4}>
          {mayOpen && (
            <Tooltip title={t('common:actions.view')}>
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('common:actions.view')}
                data-testid="lead-row-view"
                onClick={() => navigate(routeUrl('lead/single/:id', { id: row.id }))}
              />
            </Tooltip>
          )}
          {onSend && (
            <Tooltip title={t('common:actions.send')}>
              <Button size="small" icon={<SendOutlined />} aria-label={t('common:actions.send')} data-testid="lead-row-send" onClick={() => onSend(row)} />
            </Tooltip>
          )}
        </Flex>
      ),
    });
  }

  return (
    <div data-testid="lead-table">
      <Table<LeadListItem>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        // Wider than a 1440 px screen's card: the columns past the pinned Actions (Fresh, Deposit, Created…) are reached
        // by scrolling sideways, so the scroll bar stays at the foot of the screen, not below the last of 100 rows,
        // and the headers stay above the rows they name.
        sticky
        columns={tableColumns}
        dataSource={[...rows]}
        loading={loading}
        rowSelection={{
          selectedRowKeys: [...selected],
          // Selected leads stay selected across pages and filters, for the bulk actions to come.
          preserveSelectedRowKeys: true,
          onChange: (keys: Key[]) => onSelect(keys.map(Number)),
        }}
        onRow={(row) =>
          ({
            'data-testid': 'lead-row',
            'data-lead-id': row.id,
            style: mayOpen ? { cursor: 'pointer' } : undefined,
            onClick: (event: MouseEvent<HTMLElement>) => {
              if (mayOpen && isRowClick(event)) navigate(routeUrl('lead/single/:id', { id: row.id }));
            },
          }) as HTMLAttributes<HTMLElement>
        }
        onChange={(_pagination, _filters, sorter, { action }) => {
          if (action === 'sort') onSortChange(sortOf(sorter, columns));
        }}
        pagination={{
          current: page,
          pageSize: perPage,
          total,
          showSizeChanger: true,
          pageSizeOptions: leadPageSizes.map(String),
          onChange: onPageChange,
        }}
      />
    </div>
  );
}
