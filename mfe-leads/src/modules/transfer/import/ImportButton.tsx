/**
 * The lead search toolbar's "Import" (issue 6): shown to holders of `lead.import` to whom the lead setting
 * 'import' is visible (docs/product.md#permissions); opens the import dialog, loaded on first use.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leadSettingVisible, useAccess } from '@crm/shared';
import { Button } from '@crm/shared/ui';

const ImportDialog = lazy(() => import('./components/ImportDialog.tsx').then((module) => ({ default: module.ImportDialog })));

export function ImportButton() {
  const { t } = useTranslation('leads');
  const { can, permissions } = useAccess();
  const [open, setOpen] = useState(false);
  if (!can('lead.import') || !leadSettingVisible(permissions, 'import')) return null;
  return (
    <>
      <Button data-testid="lead-import-open" onClick={() => setOpen(true)}>
        {t('leads.import.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
