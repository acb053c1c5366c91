/**
 * Broadcasts of changed records (issue 34): `lead` to whoever may view a lead, `caps` to whoever sees the caps board.
 * One insert per call whatever the number of ids (each insert takes the events' lock and notifies once), so a batch
 * writer calls once per transaction, with leads and departments together; like `publish`, call it last.
 */
import { maxLeadEventIds } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { publish, type OutgoingEvent } from './publish.ts';

type Inserter = Pick<Executor, 'insert'>;

type Changes = {
  /** Leads whose status, delivery, FTD or fields changed, or that were deleted: events of at most `maxLeadEventIds`. */
  leadIds?: Iterable<number>;
  /** Departments whose cap counters, circuit, or caps and hours settings changed. */
  departmentIds?: Iterable<number>;
};

export async function publishChanges(tx: Inserter, changes: Changes): Promise<void> {
  const leadIds = [...new Set(changes.leadIds ?? [])];
  const departmentIds = [...new Set(changes.departmentIds ?? [])];
  const outgoing: OutgoingEvent[] = [];
  for (let start = 0; start < leadIds.length; start += maxLeadEventIds) {
    outgoing.push({ kind: 'lead', payload: { ids: leadIds.slice(start, start + maxLeadEventIds) }, to: { permission: 'lead.single.view' } });
  }
  if (departmentIds.length > 0) outgoing.push({ kind: 'caps', payload: { department_ids: departmentIds }, to: { permission: 'broker.department.caps.view' } });
  await publish(tx, outgoing);
}

export const publishLeadChanges = (tx: Inserter, leadIds: Iterable<number>): Promise<void> => publishChanges(tx, { leadIds });

export const publishCapsChanges = (tx: Inserter, departmentIds: Iterable<number>): Promise<void> => publishChanges(tx, { departmentIds });
