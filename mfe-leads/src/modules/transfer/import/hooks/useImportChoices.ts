/** The option lists of the fixed values: statuses an import may set (class lead, `in_import`), like the API checks. */
import { useMemo } from 'react';
import { useOptionList } from '@crm/shared';
import type { StatusClass } from '@crm/shared/contract';
import type { Choice } from '../../../leads/hooks/useLeadChoices.ts';

type StatusItem = { id: number; name: string; class: StatusClass; in_import: boolean };

export function useImportStatusChoices(): { choices: Choice[]; loading: boolean } {
  const list = useOptionList<StatusItem>('statuses');
  const choices = useMemo(() => list.data.filter((status) => status.class === 'lead' && status.in_import).map((status) => ({ value: status.id, label: status.name })), [list.data]);
  return { choices, loading: list.loading };
}
