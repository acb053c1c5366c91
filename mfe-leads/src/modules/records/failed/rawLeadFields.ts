/**
 * A rejected row's raw JSON → the fix-and-retry form. Raw keys are whatever the import file or the intake
 * call used ("E-mail", "first_name", "Phone Number" …): known ones are mapped to lead fields, the rest are
 * shown read-only. Source and status may come as names; they are matched to the option lists by name.
 */
import { leadFieldInputs, leadFieldNames, leadTextKinds, orderedLeadFields, type LeadCreateBody } from '@crm/shared/contract';

/** The order of the form's text fields: the lead-field catalogue's `retry` fields. */
const retryTextOrder = [
  'name',
  'surname',
  'email',
  'alt_email',
  'phone',
  'alt_phone',
  'country',
  'language',
  'funnel',
  'date_of_birth',
  'address',
  'city',
  'state',
  'zip',
  'ip',
  'comment',
] as const;
export const retryTextFields = orderedLeadFields(leadFieldNames('retry', leadTextKinds), retryTextOrder);
type RetryTextField = (typeof retryTextFields)[number];
export type RetryFormValues = Partial<Record<RetryTextField, string>> & { source_id?: number; status_id?: number };
/** Its text fields, source_id and status_id. */
export const retryFieldNames: readonly string[] = leadFieldInputs('retry');

type Target = RetryTextField | 'source' | 'status' | 'source_id' | 'status_id';

const aliases: Record<string, Target> = {
  first_name: 'name',
  firstname: 'name',
  fname: 'name',
  last_name: 'surname',
  lastname: 'surname',
  lname: 'surname',
  e_mail: 'email',
  mail: 'email',
  email_address: 'email',
  phone_number: 'phone',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  country_code: 'country',
  lang: 'language',
  ip_address: 'ip',
  dob: 'date_of_birth',
  birthdate: 'date_of_birth',
  birth_date: 'date_of_birth',
  postcode: 'zip',
  zip_code: 'zip',
  postal_code: 'zip',
  source_name: 'source',
  status_name: 'status',
};
const targets: readonly string[] = [...retryTextFields, 'source', 'status', 'source_id', 'status_id'];

/** "Phone Number" → "phone_number". */
export function normalizeKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function targetOf(key: string): Target | undefined {
  const normalized = normalizeKey(key);
  if (targets.includes(normalized)) return normalized as Target;
  return aliases[normalized];
}

/** The text a raw value shows as; objects and arrays as JSON. */
function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function idOf(value: unknown): number | undefined {
  const id = typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value;
  const number = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : NaN;
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

function nameOf(value: unknown): string | undefined {
  const name = typeof value === 'object' && value !== null && 'name' in value ? (value as { name: unknown }).name : value;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

export type RawMapping = {
  values: RetryFormValues;
  /** Names to match against the option lists when no id was given. */
  sourceName?: string;
  statusName?: string;
  /** Raw entries no form field takes: key and text, in the raw order. */
  unmapped: [string, string][];
};

export function mapRaw(raw: Record<string, unknown>): RawMapping {
  const mapping: RawMapping = { values: {}, unmapped: [] };
  const { values } = mapping;
  for (const [key, value] of Object.entries(raw)) {
    const target = targetOf(key);
    const scalar = value === null || typeof value !== 'object';
    // The first raw key for a field wins; a second ("email" and "E-mail") stays visible as unmapped.
    if (target && (retryTextFields as readonly string[]).includes(target) && scalar && values[target as RetryTextField] === undefined) {
      values[target as RetryTextField] = rawText(value);
    } else if ((target === 'source_id' || target === 'source') && values.source_id === undefined && idOf(value) !== undefined) {
      values.source_id = idOf(value);
    } else if (target === 'source' && mapping.sourceName === undefined && nameOf(value) !== undefined) {
      mapping.sourceName = nameOf(value);
    } else if ((target === 'status_id' || target === 'status') && values.status_id === undefined && idOf(value) !== undefined) {
      values.status_id = idOf(value);
    } else if (target === 'status' && mapping.statusName === undefined && nameOf(value) !== undefined) {
      mapping.statusName = nameOf(value);
    } else {
      mapping.unmapped.push([key, rawText(value)]);
    }
  }
  return mapping;
}

/** The id of the option named `name` (case-insensitive), if any. */
export function idByName(options: readonly { id: number; name: string }[], name: string | undefined): number | undefined {
  if (name === undefined) return undefined;
  const wanted = name.toLowerCase();
  return options.find((option) => option.name.toLowerCase() === wanted)?.id;
}

/** The retry body: trimmed text, an emptied field as null (the contract's "not given"), ids as they are. */
export function retryBodyOf(values: RetryFormValues): LeadCreateBody {
  const body: LeadCreateBody = {};
  for (const field of retryTextFields) {
    const value = values[field];
    if (value === undefined) continue;
    const text = value.trim();
    body[field] = text === '' ? null : text;
  }
  if (values.source_id !== undefined) body.source_id = values.source_id;
  if (values.status_id !== undefined) body.status_id = values.status_id;
  return body;
}
