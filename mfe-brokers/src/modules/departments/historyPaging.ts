/** The paging both department history tables share: antd pagination driven by the server's total. */
import { useState } from 'react';
import type { TableProps } from '@crm/shared/ui';

type Pagination = Exclude<TableProps['pagination'], false | undefined>;

const defaultHistoryPageSize = 25;

export function useHistoryPaging() {
  const [page, setPage] = useState({ current: 1, pageSize: defaultHistoryPageSize });
  const restart = () => setPage((current) => ({ ...current, current: 1 }));
  const pagination = (total: number): Pagination => ({
    current: page.current,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    onChange: (current, pageSize) => setPage({ current, pageSize }),
  });
  return { page, restart, pagination };
}
