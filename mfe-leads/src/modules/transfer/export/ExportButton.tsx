/**
 * "Export" for the lead search toolbar: opens the export dialog for the selected leads, or, with none selected, for
 * every lead the current filters match (in the list's order). Shown only to users who may export and who see the
 * lead-settings item "export" (docs/product.md#permissions).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leadSettingVisible, useAccess } from '@crm/shared';
import { Button } from '@crm/shared/ui';
import type { LeadFilters, LeadSort } from '../../leads/hooks/leadSearchUrl.ts';
import { ExportModal } from './components/ExportModal.tsx';

export type ExportButtonProps = {
  /** The ids of the selected leads; empty for "all leads matching the current filters". */
  selected: number[];
  /** The search screen's filters as the URL holds them (`useLeadSearchState().state.filters`). */
  filters: LeadFilters;
  /** The list's order (`state.sort`), so the file lists leads as the screen does; the API's default when absent. */
  sort?: LeadSort | null;
};

export function ExportButton({ selected, filters, sort = null }: ExportButtonProps) {
  const { t } = useTranslation('leads');
  const { can, permissions } = useAccess();
  const [open, setOpen] = useState(false);
  if (!can('lead.export') || !leadSettingVisible(permissions, 'export')) return null;
  return (
    <>
      <Button data-testid="lead-export-open" onClick={() => setOpen(true)}>
        {t('leads.export.open')}
      </Button>
      {open && <ExportModal scope={{ selected, filters, sort }} onClose={() => setOpen(false)} />}
    </>
  );
}
