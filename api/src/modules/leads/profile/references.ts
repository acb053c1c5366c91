/** Checks that the rows a lead body points to exist (and statuses are of the right class), naming the field at fault. */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { affiliateCompanies, sources, statuses, tags } from '../../../db/schema/index.ts';

export type StatusClass = 'lead' | 'email' | 'phone';
export type FieldErrors = Record<string, string[]>;

/** The status references of a lead and the class each must have. */
const statusFieldClasses = {
  email_status_id: 'email',
  alt_email_status_id: 'email',
  phone_status_id: 'phone',
  alt_phone_status_id: 'phone',
} as const satisfies Record<string, StatusClass>;

/** The class of each of these statuses (missing ones are absent). */
export async function statusClasses(executor: Executor, ids: readonly number[]): Promise<Map<number, StatusClass>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: statuses.id, class: statuses.class })
    .from(statuses)
    .where(inArray(statuses.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.class]));
}

/** The message for a status reference that is missing or of another class, or null when it is fine. */
export function statusProblem(found: StatusClass | undefined, wanted: StatusClass): string | null {
  if (found === undefined) return 'The selected status does not exist.';
  if (found !== wanted) return `The status must be a ${wanted} status.`;
  return null;
}

async function existing(executor: Executor, table: typeof sources | typeof affiliateCompanies | typeof tags, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await executor
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

export type LeadReferences = {
  source_id?: number | null | undefined;
  affiliate_company_id?: number | null | undefined;
  email_status_id?: number | null | undefined;
  alt_email_status_id?: number | null | undefined;
  phone_status_id?: number | null | undefined;
  alt_phone_status_id?: number | null | undefined;
  tag_ids?: readonly number[] | undefined;
};

/** Errors for every reference of the body that points nowhere (empty when all are fine). */
export async function referenceErrors(executor: Executor, body: LeadReferences): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const statusFields = Object.keys(statusFieldClasses) as (keyof typeof statusFieldClasses)[];
  const statusIds = statusFields.map((field) => body[field]).filter((id): id is number => typeof id === 'number');
  const [classes, sourceIds, companyIds, tagIds] = await Promise.all([
    statusClasses(executor, statusIds),
    existing(executor, sources, typeof body.source_id === 'number' ? [body.source_id] : []),
    existing(executor, affiliateCompanies, typeof body.affiliate_company_id === 'number' ? [body.affiliate_company_id] : []),
    existing(executor, tags, body.tag_ids ?? []),
  ]);
  for (const field of statusFields) {
    const id = body[field];
    if (typeof id !== 'number') continue;
    const problem = statusProblem(classes.get(id), statusFieldClasses[field]);
    if (problem) errors[field] = [problem];
  }
  if (typeof body.source_id === 'number' && !sourceIds.has(body.source_id)) errors['source_id'] = ['The selected source does not exist.'];
  if (typeof body.affiliate_company_id === 'number' && !companyIds.has(body.affiliate_company_id)) {
    errors['affiliate_company_id'] = ['The selected affiliate company does not exist.'];
  }
  const missingTags = (body.tag_ids ?? []).filter((id) => !tagIds.has(id));
  if (missingTags.length > 0) errors['tag_ids'] = [`The selected tags do not exist: ${missingTags.join(', ')}.`];
  return errors;
}
