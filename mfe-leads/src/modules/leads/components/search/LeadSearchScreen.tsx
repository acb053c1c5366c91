/**
 * `lead/search`: the advanced search, the total, the chosen columns and the server-paginated lead table.
 * Filters, page, page size and order live in the URL; the columns in local storage; the selection in
 * state (export and send take it). Import, export and send are their own modules (transfer/).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leadSettingVisible, useAccess } from '@crm/shared';
import { Button, Card, Flex, ListHeader, SearchBox, Typography } from '@crm/shared/ui';
import { totalKindOf, type LeadListItem } from '@crm/shared/contract';
import { useLeadSearchListQuery } from '../../api/leadsApi.ts';
import { leadListParams } from '../../hooks/leadSearchUrl.ts';
import { useChosenColumns } from '../../hooks/useChosenColumns.ts';
import { useLeadSearchState } from '../../hooks/useLeadSearchState.ts';
import { ExportButton } from '../../../transfer/export/ExportButton.tsx';
import { ImportButton } from '../../../transfer/import/ImportButton.tsx';
import { SendButton } from '../../../transfer/send/SendButton.tsx';
import { SendModal } from '../../../transfer/send/components/SendModal.tsx';
import { useMaySend } from '../../../transfer/send/hooks/useMaySend.ts';
import { searchSendScope } from '../../../transfer/send/sendRequest.ts';
import { AddLeadModal } from '../form/AddLeadModal.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { LeadFiltersPanel } from './LeadFiltersPanel.tsx';
import { LeadTable } from './LeadTable.tsx';
import { leadColumns } from './leadColumns.tsx';
import { ListTotal } from '../../../records/components/ListTotal.tsx';

export function LeadSearchScreen() {
  const { t, i18n } = useTranslation('leads');
  const { can, permissions } = useAccess();
  const { state, applyFilters, setSort, setPage } = useLeadSearchState();
  const list = useLeadSearchListQuery(leadListParams(state));
  const columns = useMemo(() => leadColumns(t, i18n.language), [t, i18n.language]);
  const allKeys = useMemo(() => columns.map((column) => column.key), [columns]);
  const defaultKeys = useMemo(() => columns.filter((column) => column.shown).map((column) => column.key), [columns]);
  const { chosen, choose } = useChosenColumns(allKeys, defaultKeys);
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [sendingLead, setSendingLead] = useState<LeadListItem | null>(null);
  const maySend = useMaySend();
  const mayAdd = can('lead.create') && leadSettingVisible(permissions, 'add');
  // The advanced search is a lead-settings item; without it only the free-text search is offered.
  const advancedSearch = leadSettingVisible(permissions, 'search');
  const meta = list.data?.meta;

  return (
    <Card data-testid="lead-search-screen">
      <ListHeader title={t('common:menu.leads.search')}>
        {mayAdd && (
          <Button type="primary" data-testid="lead-add-open" onClick={() => setAdding(true)}>
            {t('leads.add.open')}
          </Button>
        )}
        <ImportButton />
        <ExportButton selected={selected} filters={state.filters} sort={state.sort} />
        <SendButton scope={searchSendScope(selected, state.filters, meta?.total ?? null, meta ? totalKindOf(meta) : 'exact')} />
        {!advancedSearch && <SearchBox label={t('leads.search.filters.search')} onSearch={(search) => applyFilters({ ...state.filters, search: search.trim() || undefined })} />}
        <ColumnChooser columns={columns} chosen={chosen} onChoose={choose} />
      </ListHeader>
      {advancedSearch && <LeadFiltersPanel filters={state.filters} onApply={applyFilters} />}
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        {meta ? <ListTotal meta={meta} texts="leads.search" testId="lead-total" /> : <span />}
        {selected.length > 0 && (
          <Flex gap="small" align="center">
            <Typography.Text data-testid="lead-selected-count">{t('leads.search.selected', { count: selected.length })}</Typography.Text>
            <Button size="small" onClick={() => setSelected([])}>
              {t('leads.search.clear_selection')}
            </Button>
          </Flex>
        )}
      </Flex>
      <LeadTable
        rows={list.data?.data ?? []}
        columns={columns.filter((column) => chosen.includes(column.key))}
        loading={list.isFetching}
        sort={state.sort}
        onSortChange={setSort}
        page={state.page}
        perPage={state.perPage}
        total={meta?.total ?? 0}
        onPageChange={setPage}
        selected={selected}
        onSelect={setSelected}
        {...(maySend ? { onSend: setSendingLead } : {})}
      />
      {adding && <AddLeadModal onClose={() => setAdding(false)} />}
      {sendingLead && <SendModal scope={{ kind: 'lead', id: sendingLead.id, label: sendingLead.lead_id }} onClose={() => setSendingLead(null)} />}
    </Card>
  );
}
