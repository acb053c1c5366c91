/**
 * Deleting failed leads in bulk: the rows picked with the checkboxes, or every row the list's search and filters
 * match (on every page). Each asks first, saying how many go.
 */
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import type { FailedLeadBulkDelete } from '@crm/shared/contract';
import { Button, DeleteOutlined, confirmDelete, toastOutcome } from '@crm/shared/ui';
import { useFailedLeadBulkDeleteMutation } from '../api/failedLeadsApi.ts';

type Props = {
  selected: readonly number[];
  /** The rows the list matches, and the filters that match them. */
  matching: { total: number; filters: NonNullable<FailedLeadBulkDelete['filters']> };
  onDeleted(): void;
};

export function FailedLeadsBulkDelete({ selected, matching, onDeleted }: Props) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [remove, removing] = useFailedLeadBulkDeleteMutation();
  if (!can('failed.lead.delete')) return null;

  const run = (body: FailedLeadBulkDelete, title: string) =>
    confirmDelete(
      t,
      () =>
        void toastOutcome(() => remove(body).unwrap()).then((done) => {
          if (done) onDeleted();
        }),
      title,
    );

  return (
    <>
      {selected.length > 0 && (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={removing.isLoading}
          data-testid="failed-delete-selected"
          onClick={() => run({ ids: [...selected] }, t('leads:leads.failed.bulk.confirmDeleteSelected', { count: selected.length }))}
        >
          {t('leads:leads.failed.bulk.deleteSelected', { count: selected.length })}
        </Button>
      )}
      {selected.length === 0 && matching.total > 0 && (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={removing.isLoading}
          data-testid="failed-delete-matching"
          onClick={() => run({ filters: matching.filters }, t('leads:leads.failed.bulk.confirmDeleteMatching', { count: matching.total }))}
        >
          {t('leads:leads.failed.bulk.deleteMatching', { count: matching.total })}
        </Button>
      )}
    </>
  );
}
