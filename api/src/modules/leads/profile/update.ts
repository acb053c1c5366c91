/**
 * Editing a lead (`PUT /lead/:id`): only fields whose stored value changes are written, each with one data history
 * row (old → new as text, who). Phones are read again whenever the phone or the country changes, and stored as
 * intake stores them: E.164 in `phone` / `alt_phone` and `phone_normalized`, calling codes in the prefixes. A stored
 * national number (older data) is read with the new country, and refused if it is no number there.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { leadFieldNames, type LeadDetail, type leadUpdateBody } from '@crm/shared/contract';
import { normalizePhone } from '@crm/shared/phone';
import type { Db, Executor } from '../../../db/database.ts';
import { leadDataHistories, leads, leadTags, tags } from '../../../db/schema/index.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { publishLeadChanges } from '../../events/changes.ts';
import { toLeadDetail, type LeadRow } from './detail.ts';
import { referenceErrors, type FieldErrors } from './references.ts';
import { blacklistErrors, findBlacklistHits } from '../blacklist/matcher.ts';
import { duplicateWindowDays, findDuplicates, lockContacts } from '../intake/duplicates.ts';

export type LeadUpdate = z.output<typeof leadUpdateBody>;
type LeadInsert = typeof leads.$inferInsert;

const moneyFields: ReadonlySet<string> = new Set(leadFieldNames('editable', ['money']));
const timestampFields: ReadonlySet<string> = new Set(leadFieldNames('editable', ['datetime']));

/** A value as the history stores it, in the stored form so `100` and `100.00` read as the same amount. */
function historyText(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (moneyFields.has(field)) return Number(value).toFixed(2);
  if (timestampFields.has(field)) return new Date(String(value)).toISOString();
  return String(value);
}

// What PostgreSQL's date types and JavaScript's ISO strings both read: years 1 to 9999.
const earliest = Date.parse('0001-01-01T00:00:00.000Z');
const latest = Date.parse('9999-12-31T23:59:59.999Z');

/** Values the schema lets through but PostgreSQL would refuse (a 30 February, year 10000, a 13-digit amount): a 422, not a 500. */
function rangeErrors(body: LeadUpdate, errors: FieldErrors): void {
  for (const field of timestampFields) {
    const value = body[field as keyof LeadUpdate];
    if (typeof value !== 'string' || value === '') continue;
    const time = Date.parse(value);
    if (!(time >= earliest && time <= latest)) errors[field] = ['The date must fall between the years 1 and 9999.'];
  }
  // numeric(14, 2): 12 digits before the point.
  for (const field of moneyFields) {
    const value = body[field as keyof LeadUpdate];
    if (value !== null && value !== undefined && !(Math.abs(Number(value)) < 1e12)) errors[field] = ['The amount may have at most 12 digits before the point.'];
  }
  const birth = body.date_of_birth;
  if (birth) {
    const time = Date.parse(`${birth}T00:00:00.000Z`);
    if (!(time >= earliest && time <= latest) || new Date(time).toISOString().slice(0, 10) !== birth) {
      errors['date_of_birth'] = ['The date of birth is not a real date.'];
    }
  }
}

/** A body value as its column takes it: blank text is no value, date-times become dates. */
function columnValue(field: string, value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return null;
  if (timestampFields.has(field)) return new Date(String(value));
  return value;
}

type PhoneColumns = { raw: 'phone' | 'alt_phone'; prefix: 'phone_prefix' | 'alt_phone_prefix'; normalized?: 'phone_normalized' };
const phoneColumns: readonly PhoneColumns[] = [
  { raw: 'phone', prefix: 'phone_prefix', normalized: 'phone_normalized' },
  { raw: 'alt_phone', prefix: 'alt_phone_prefix' },
];

/** The phone columns to write when a phone or the country changes; errors name the phone field. */
function phoneValues(body: LeadUpdate, existing: LeadRow, errors: FieldErrors): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const country = body.country !== undefined ? body.country : existing.country;
  const countryChanged = body.country !== undefined && (body.country ?? null) !== existing.country;
  for (const columns of phoneColumns) {
    const given = body[columns.raw];
    if (given === undefined && !countryChanged) continue;
    const text = given === undefined ? existing[columns.raw] : given;
    if (!text) {
      if (given === undefined) continue;
      values[columns.raw] = null;
      values[columns.prefix] = null;
      if (columns.normalized) values[columns.normalized] = null;
      continue;
    }
    const reading = normalizePhone(text, country);
    if ('error' in reading) {
      errors[columns.raw] = [reading.error];
      continue;
    }
    values[columns.raw] = reading.e164;
    values[columns.prefix] = reading.prefix;
    if (columns.normalized) values[columns.normalized] = reading.e164;
  }
  return values;
}

/** Every column the body asks to set (tags aside), with phones normalized. Throws a 422 for bad values. */
async function requestedValues(executor: Executor, body: LeadUpdate, existing: LeadRow): Promise<Record<string, unknown>> {
  const errors = await referenceErrors(executor, body);
  rangeErrors(body, errors);
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'tag_ids' || value === undefined) continue;
    values[field] = columnValue(field, value);
  }
  Object.assign(values, phoneValues(body, existing, errors));
  const email = 'email' in values ? values['email'] : existing.email;
  const phone = 'phone' in values ? values['phone'] : existing.phone;
  if (!email && !phone && !errors['phone']) errors['email'] = ['A lead needs an email or a phone.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return values;
}

/**
 * The contacts an edit changes are held to add lead's rules: none blacklisted, and the email and phone no
 * other lead's within the duplicate window. Contacts the edit leaves alone are not checked again.
 */
async function refuseBlockedContacts(tx: Executor, id: number, changed: Record<string, unknown>): Promise<void> {
  const text = (field: string): string | null => {
    const value = changed[field];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const hits = await findBlacklistHits(tx, { email: text('email'), alt_email: text('alt_email'), phone_normalized: text('phone_normalized'), alt_phone: text('alt_phone'), ip: text('ip') });
  if (hits.length > 0) throw invalid(blacklistErrors(hits));
  const contacts = { email: text('email'), phone: text('phone_normalized') };
  if (contacts.email === null && contacts.phone === null) return;
  await lockContacts(tx, contacts);
  const duplicates = await findDuplicates(tx, contacts, duplicateWindowDays(), id);
  if (duplicates) throw invalid(duplicates);
}

type Change = { field: string; old_value: string | null; new_value: string | null };

async function tagNames(executor: Executor, ids: readonly number[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const rows = await executor
    .select({ name: tags.name })
    .from(tags)
    .where(inArray(tags.id, [...ids]));
  return (
    rows
      .map((row) => row.name)
      .sort((a, b) => a.localeCompare(b))
      .join(', ') || null
  );
}

/** Replaces the lead's tags when the set differs; returns the change to record, or null. */
async function replaceTags(tx: Executor, leadId: number, wanted: readonly number[] | undefined): Promise<Change | null> {
  if (wanted === undefined) return null;
  const current = (await tx.select({ tag_id: leadTags.tag_id }).from(leadTags).where(eq(leadTags.lead_id, leadId))).map((row) => row.tag_id);
  const next = [...new Set(wanted)];
  const added = next.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !next.includes(id));
  if (added.length === 0 && removed.length === 0) return null;
  const oldNames = await tagNames(tx, current);
  if (removed.length > 0) await tx.delete(leadTags).where(and(eq(leadTags.lead_id, leadId), inArray(leadTags.tag_id, removed)));
  if (added.length > 0) await tx.insert(leadTags).values(added.map((tagId) => ({ lead_id: leadId, tag_id: tagId })));
  return { field: 'tags', old_value: oldNames, new_value: await tagNames(tx, next) };
}

export async function updateLead(db: Db, id: number, body: LeadUpdate, userId: number): Promise<LeadDetail> {
  return db.transaction(async (tx) => {
    // Locked for the whole edit so two concurrent edits each record what they really changed.
    const [existing] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!existing) throw notFound('Lead');
    const requested = await requestedValues(tx, body, existing);
    const changes: Change[] = [];
    const values: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(requested)) {
      const before = historyText(field, existing[field as keyof LeadRow]);
      const after = historyText(field, value);
      if (before === after) continue;
      values[field] = value;
      changes.push({ field, old_value: before, new_value: after });
    }
    await refuseBlockedContacts(tx, id, values);
    const tagChange = await replaceTags(tx, id, body.tag_ids);
    if (tagChange) changes.push(tagChange);
    if (changes.length === 0) return toLeadDetail(tx, existing);

    const [row] = await tx
      .update(leads)
      .set({ ...(values as Partial<LeadInsert>), updated_at: new Date() })
      .where(eq(leads.id, id))
      .returning();
    if (!row) throw new Error('the lead vanished during its update');
    await tx.insert(leadDataHistories).values(changes.map((change) => ({ lead_id: id, user_id: userId, ...change })));
    const detail = await toLeadDetail(tx, row);
    await publishLeadChanges(tx, [id]);
    return detail;
  });
}
