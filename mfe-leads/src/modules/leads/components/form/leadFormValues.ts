/**
 * The add / edit lead form's values and the bodies they make (AddLeadBody, LeadUpdateBody). Empty text
 * is left out of an add (the API would refuse an empty country, for one) and becomes null in an edit, so a
 * cleared field is cleared on the server; an edit sends only what changed, which keeps the data history to
 * real changes.
 */
import { leadFieldEntries, leadFieldInputs, leadFieldNames, leadTextKinds, type AddLeadBody, type LeadDetail, type LeadUpdateBody } from '@crm/shared/contract';

/** The editable fields of the lead-field catalogue, by how the form edits them (the layout is LeadFormFields'). */
const leadTextFields = leadFieldNames('editable', leadTextKinds);
type LeadTextField = (typeof leadTextFields)[number];
/** Date fields, edited as `YYYY-MM-DD` (a native date input); the API stores the date-times at midnight UTC. */
const leadDateFields: ReadonlySet<LeadTextField> = new Set(leadFieldNames('editable', ['date', 'datetime']));
const leadReferenceEntries = leadFieldEntries('editable', ['reference']);
const leadReferenceFields = leadFieldInputs('editable', ['reference']);
type LeadReferenceField = (typeof leadReferenceFields)[number];
const leadFlagFields = leadFieldNames('editable', ['flag']);
type LeadFlagField = (typeof leadFlagFields)[number];

export type LeadFormValues = Partial<Record<LeadTextField, string | null>> &
  Partial<Record<LeadReferenceField, number | null>> &
  Partial<Record<LeadFlagField, boolean>> & { status_id?: number | null; tag_ids?: number[]; /** Add only: queue it for distribution. */ auto_distribute?: boolean };

/** Every field name of the form, for placing the server's 422 messages. */
const leadFormFields = [...leadFieldInputs('editable'), 'status_id'] as const;
export type LeadFormField = (typeof leadFormFields)[number];

const textOf = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

export function addLeadBodyOf(values: LeadFormValues): AddLeadBody {
  const body: AddLeadBody = {};
  for (const field of leadTextFields) {
    const text = textOf(values[field]);
    if (text !== null) body[field] = text;
  }
  for (const field of leadReferenceFields) {
    const id = values[field];
    if (typeof id === 'number') body[field] = id;
  }
  for (const field of leadFlagFields) {
    const flag = values[field];
    if (typeof flag === 'boolean') body[field] = flag;
  }
  if (typeof values.status_id === 'number') body.status_id = values.status_id;
  if (values.tag_ids && values.tag_ids.length > 0) body.tag_ids = values.tag_ids;
  if (values.auto_distribute === true) body.auto_distribute = true;
  return body;
}

export function leadFormValuesOf(lead: LeadDetail): LeadFormValues {
  const values: LeadFormValues = {};
  for (const field of leadTextFields) values[field] = leadDateFields.has(field) ? (lead[field]?.slice(0, 10) ?? null) : lead[field];
  for (const { name, input } of leadReferenceEntries) values[input] = lead[name]?.id ?? null;
  for (const field of leadFlagFields) values[field] = lead[field];
  values.tag_ids = lead.tags.map((tag) => tag.id);
  return values;
}

const sameIds = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && [...left].sort((a, b) => a - b).every((id, index) => id === [...right].sort((a, b) => a - b)[index]);

/** The changed fields only; an empty body means nothing changed. */
export function leadUpdateBodyOf(values: LeadFormValues, lead: LeadDetail): LeadUpdateBody {
  const before = leadFormValuesOf(lead);
  const body: LeadUpdateBody = {};
  for (const field of leadTextFields) {
    const next = textOf(values[field]);
    if (next !== textOf(before[field])) body[field] = next;
  }
  for (const field of leadReferenceFields) {
    const next = values[field] ?? null;
    if (next !== (before[field] ?? null)) body[field] = next;
  }
  for (const field of leadFlagFields) {
    const flag = values[field];
    if (typeof flag === 'boolean' && flag !== before[field]) body[field] = flag;
  }
  const tags = values.tag_ids ?? [];
  if (!sameIds(tags, before.tag_ids ?? [])) body.tag_ids = tags;
  return body;
}

/** Server field names that belong under another field of the form. */
const fieldAliases: Record<string, LeadFormField> = {
  phone_normalized: 'phone',
  phone_prefix: 'phone',
  alt_phone_normalized: 'alt_phone',
  alt_phone_prefix: 'alt_phone',
  tag_id: 'tag_ids',
};

/** The form field a 422 key (`email`, `tag_ids.0`, `phone_normalized`) belongs under, if any. */
export function leadFormFieldOf(key: string): LeadFormField | undefined {
  const base = key.split('.')[0] ?? key;
  return (leadFormFields as readonly string[]).includes(base) ? (base as LeadFormField) : fieldAliases[base];
}
