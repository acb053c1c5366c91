import { useMemo } from 'react';
import { useAccess } from '@crm/shared';
import { useResourceListQuery, type FieldOption } from '@crm/shared/ui';

/** The send integrations as select options (one page of 500, the most the list gives); none without the right to list them. */
export function useIntegrationChoices(): FieldOption[] {
  const { can } = useAccess();
  const list = useResourceListQuery({ path: '/send/integration', params: { per_page: 500, sort: 'name', direction: 'asc' } }, { skip: !can('send.integration.view') });
  return useMemo(() => (list.data?.data ?? []).map((row) => ({ value: row.id, label: String(row['name']) })), [list.data]);
}
