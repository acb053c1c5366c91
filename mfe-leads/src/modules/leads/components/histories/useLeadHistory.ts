/** One server-paginated history tab of a lead; refetched whenever the lead is edited or its status changes. */
import { useState } from 'react';
import type { LeadHistoryKind } from '@crm/shared/contract';
import { useLeadProfileHistoryQuery, type LeadHistoryRows } from '../../api/leadsApi.ts';

const historyPageSize = 10;

export function useLeadHistory<Kind extends LeadHistoryKind>(leadId: number, kind: Kind) {
  const [page, setPage] = useState({ current: 1, pageSize: historyPageSize });
  const history = useLeadProfileHistoryQuery({ id: leadId, kind, page: page.current, per_page: page.pageSize });
  return {
    // The endpoint serves every kind; the kind asked for decides the row shape (the contract's history types).
    rows: (history.data?.data ?? []) as LeadHistoryRows[Kind][],
    loading: history.isFetching,
    pagination: {
      current: page.current,
      pageSize: page.pageSize,
      total: history.data?.meta.total ?? 0,
      onChange: (current: number, pageSize: number) => setPage({ current: pageSize === page.pageSize ? current : 1, pageSize }),
    },
  };
}
