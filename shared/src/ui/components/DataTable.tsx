/**
 * The data table (docs/product.md#lists): typed columns, server pagination and sorting, and an actions column
 * shown only when a view handler with its permission exists or the user may edit, delete, cancel or send.
 */
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space, Table, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { Link, useHref, useLinkClickHandler } from 'react-router-dom';
import { DeleteOutlined, EditOutlined, EyeOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { PermissionRule } from '@crm/shared/contract';
import { useAccess } from '@crm/shared';
import { renderCell, type ColumnType } from './cells.tsx';
import { confirmCancel, confirmDelete } from './confirm.ts';
import type { ListSort } from '../list/useListState.ts';

export type DataColumn<Row> = {
  key: string;
  title: string;
  type?: ColumnType;
  render?: (row: Row) => ReactNode;
  /** The key the list's endpoint sorts on (`?sort=`); the header becomes clickable when set. */
  sortKey?: string;
  /** Kept in view at the right while a wide table scrolls sideways: a screen's own actions column, as the named actions' is. */
  pinned?: boolean;
};

type Action<Row> = { permission: PermissionRule; run(row: Row): void };

/**
 * A row action of a screen's own (test an integration, open a record's histories): a button running `run`,
 * or a link to the route `to` gives. With an icon it is an icon button with the label as tooltip.
 */
export type ExtraRowAction<Row> = {
  key: string;
  label: string;
  icon?: ReactNode;
  permission: PermissionRule;
  /** Whether the row offers the action at all (a revoked key cannot be rotated); every row when absent. */
  shown?(row: Row): boolean;
} & ({ run(row: Row): void; to?: never } | { to(row: Row): string; run?: never });

export type RowActions<Row> = {
  view?: Action<Row>;
  edit?: Action<Row>;
  delete?: Action<Row>;
  cancel?: Action<Row>;
  send?: Action<Row>;
  /** Shown before edit, send, cancel and delete. */
  extra?: readonly ExtraRowAction<Row>[];
};

/** The actions column shows only if the user may do one of them (a screen's own actions count like the named ones). */
export function actionsColumnVisible<Row>(actions: RowActions<Row> | undefined, can: (rule: PermissionRule) => boolean): boolean {
  if (!actions) return false;
  const named = (['view', 'edit', 'delete', 'cancel', 'send'] as const).some((name) => {
    const action = actions[name];
    return action !== undefined && can(action.permission);
  });
  return named || (actions.extra ?? []).some((action) => can(action.permission));
}

/**
 * A link drawn as the row's other icon buttons: a real anchor (opens in a new tab with Ctrl or the middle button),
 * followed inside the app on a plain click.
 */
function IconLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLElement>(to);
  return (
    <Tooltip title={label}>
      <Button size="small" icon={icon} href={href} aria-label={label} onClick={follow} />
    </Tooltip>
  );
}

function ExtraAction<Row>({ action, row }: { action: ExtraRowAction<Row>; row: Row }) {
  if (action.to) {
    return action.icon ? <IconLink to={action.to(row)} icon={action.icon} label={action.label} /> : <Link to={action.to(row)}>{action.label}</Link>;
  }
  const run = () => action.run?.(row);
  return action.icon ? (
    <Tooltip title={action.label}>
      <Button size="small" icon={action.icon} aria-label={action.label} onClick={run} />
    </Tooltip>
  ) : (
    <Button size="small" onClick={run}>
      {action.label}
    </Button>
  );
}

export type DataTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string | number;
  actions?: RowActions<Row>;
  loading?: boolean;
  pagination?: { current: number; pageSize: number; total: number; onChange(page: number, pageSize: number): void };
  /** A header click: the column's sortKey and direction, or null when the sort is cleared. */
  onSortChange?: (sort: ListSort | null) => void;
  /** Rows picked with checkboxes (by `rowKey`) for a bulk action; kept across pages. */
  selection?: { selected: readonly number[]; onChange(selected: number[]): void };
};

type Sorter<Row> = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

/** The server order of antd's sorter state (one column at a time). */
function listSortOf<Row>(sorter: Sorter<Row>, columns: readonly DataColumn<Row>[]): ListSort | null {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const sortKey = columns.find((column) => column.key === single?.columnKey)?.sortKey;
  if (!sortKey || !single?.order) return null;
  return { sort: sortKey, direction: single.order === 'descend' ? 'desc' : 'asc' };
}

export function DataTable<Row extends object>({ rows, columns, rowKey, actions, loading, pagination, onSortChange, selection }: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const tableColumns: TableColumnsType<Row> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    dataIndex: column.key,
    sorter: column.sortKey !== undefined,
    ...(column.pinned ? { fixed: 'right' as const } : {}),
    render: (_value: unknown, row: Row) => (column.render ? column.render(row) : renderCell(column.type ?? 'text', (row as Record<string, unknown>)[column.key], t)),
  }));
  if (actions && actionsColumnVisible(actions, can)) {
    tableColumns.push({
      key: 'actions',
      title: t('table.actions'),
      // Kept in view while a wide table scrolls sideways.
      fixed: 'right',
      render: (_value: unknown, row: Row) => (
        <Space size="small">
          {actions.view && can(actions.view.permission) && (
            <Tooltip title={t('actions.view')}>
              <Button size="small" icon={<EyeOutlined />} aria-label={t('actions.view')} onClick={() => actions.view?.run(row)} />
            </Tooltip>
          )}
          {(actions.extra ?? [])
            .filter((action) => can(action.permission) && (action.shown?.(row) ?? true))
            .map((action) => (
              <ExtraAction key={action.key} action={action} row={row} />
            ))}
          {actions.edit && can(actions.edit.permission) && (
            <Tooltip title={t('actions.edit')}>
              <Button size="small" icon={<EditOutlined />} aria-label={t('actions.edit')} onClick={() => actions.edit?.run(row)} />
            </Tooltip>
          )}
          {actions.send && can(actions.send.permission) && (
            <Tooltip title={t('actions.send')}>
              <Button size="small" icon={<SendOutlined />} aria-label={t('actions.send')} onClick={() => actions.send?.run(row)} />
            </Tooltip>
          )}
          {actions.cancel && can(actions.cancel.permission) && (
            <Tooltip title={t('actions.cancel')}>
              <Button size="small" icon={<StopOutlined />} aria-label={t('actions.cancel')} onClick={() => confirmCancel(t, () => actions.cancel?.run(row))} />
            </Tooltip>
          )}
          {actions.delete && can(actions.delete.permission) && (
            <Tooltip title={t('actions.delete')}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} onClick={() => confirmDelete(t, () => actions.delete?.run(row))} />
            </Tooltip>
          )}
        </Space>
      ),
    });
  }
  return (
    <Table<Row>
      rowKey={rowKey}
      columns={tableColumns}
      dataSource={[...rows]}
      loading={loading ?? false}
      // A table wider than its card (long tags, many columns) scrolls inside it instead of widening the page; its
      // cells still wrap first (the automatic layout), so it scrolls only when they cannot fit.
      scroll={{ x: true }}
      tableLayout="auto"
      // Cells padded 12 px, not 16: with the default, a list of seven columns and four row actions (send integrations)
      // outgrew a 1440 px screen's card and its last column sat under the pinned Actions column.
      size="middle"
      {...(selection ? { rowSelection: { selectedRowKeys: [...selection.selected], preserveSelectedRowKeys: true, onChange: (keys: Key[]) => selection.onChange(keys.map(Number)) } } : {})}
      onChange={(_pagination, _filters, sorter, { action }) => {
        if (action === 'sort') onSortChange?.(listSortOf(sorter, columns));
      }}
      pagination={pagination ? { current: pagination.current, pageSize: pagination.pageSize, total: pagination.total, onChange: pagination.onChange, showSizeChanger: true } : false}
    />
  );
}
