/**
 * Step one of intake, with no database: turns a validated body into column values (trimmed, lower-cased
 * emails; E.164 phones read with the country; canonical IP) and catches what the body schema lets through but
 * PostgreSQL would refuse (an impossible date, an amount too large for its column); NUL characters are the contract's.
 */
import { isCalendarDate } from '@crm/shared/contract';
import { normalizePhone } from '@crm/shared/phone';
import type { leads } from '../../../db/schema/index.ts';
import { canonicalIp } from '../../../net/ip.ts';
import { refusal, type IntakeRefusal, type LeadIntakeInput } from './schema.ts';

/** Every column intake writes from the body; lead_id, status and provenance are added when the lead is inserted. */
export type LeadValues = Omit<typeof leads.$inferInsert, 'id' | 'lead_id' | 'status_id' | 'original_status_id' | 'status_changed_at' | 'created_by' | 'import_job_id' | 'import_row'>;

export type PreparedLead = { values: LeadValues; statusId: number | null; tagIds: number[] };

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
const email = (value: string | null | undefined): string | null => text(value)?.toLowerCase() ?? null;

type Errors = Record<string, string[]>;

/** A moment PostgreSQL can store and people mean: years 1000–9999 (JavaScript reads much further). */
function momentOf(field: string, value: string | null | undefined, errors: Errors): Date | null {
  const given = text(value);
  if (given === null) return null;
  const date = new Date(given);
  const year = date.getUTCFullYear();
  if (!Number.isNaN(date.getTime()) && year >= 1000 && year <= 9999) return date;
  errors[field] = [`The ${field.replaceAll('_', ' ')} field is not a valid date.`];
  return null;
}

/** An amount for numeric(14, 2): the body accepts any JSON number, so 1e20 or -5 are caught here. */
function amountOf(field: string, value: string | null | undefined, errors: Errors): string | null {
  const given = text(value);
  if (given === null) return null;
  const amount = Number(given);
  const cents = amount * 100;
  if (Number.isFinite(amount) && amount >= 0 && amount < 1e12 && Math.abs(Math.round(cents) - cents) < 1e-6) return amount.toFixed(2);
  errors[field] = ['The amount must be a number from 0 to 999999999999.99 with up to 2 decimals.'];
  return null;
}

type PhoneColumns = { e164: string | null; prefix: string | null };

function phoneOf(field: 'phone' | 'alt_phone', value: string | null | undefined, country: string | null, errors: Errors): PhoneColumns {
  const given = text(value);
  if (given === null) return { e164: null, prefix: null };
  const reading = normalizePhone(given, country);
  if ('e164' in reading) return { e164: reading.e164, prefix: reading.prefix };
  errors[field] = [field === 'alt_phone' ? reading.error.replace(/phone/, 'alt phone') : reading.error];
  return { e164: null, prefix: null };
}

export function prepareLead(input: LeadIntakeInput): { ok: true; lead: PreparedLead } | IntakeRefusal {
  const errors: Errors = {};
  const country = text(input.country)?.toUpperCase() ?? null;
  const phone = phoneOf('phone', input.phone, country, errors);
  const altPhone = phoneOf('alt_phone', input.alt_phone, country, errors);
  const ipText = text(input.ip);
  const ip = ipText === null ? null : canonicalIp(ipText);
  if (ipText !== null && ip === null) errors['ip'] = ['The ip must be a valid IPv4 or IPv6 address.'];
  const dateOfBirth = text(input.date_of_birth);
  if (dateOfBirth !== null && !isCalendarDate(dateOfBirth)) errors['date_of_birth'] = ['The date of birth is not a valid date.'];
  const notAvailableTill = momentOf('not_available_till', input.not_available_till, errors);
  const purchaseDate = momentOf('purchase_date', input.purchase_date, errors);
  const purchaseAmount = amountOf('purchase_amount', input.purchase_amount, errors);
  const recoveryAmount = amountOf('recovery_amount', input.recovery_amount, errors);
  const leadEmail = email(input.email);
  if (leadEmail === null && text(input.phone) === null) errors['email'] = ['A lead needs an email or a phone.'];
  if (Object.keys(errors).length > 0) return refusal('INVALID', errors);

  const values: LeadValues = {
    name: text(input.name),
    surname: text(input.surname),
    email: leadEmail,
    alt_email: email(input.alt_email),
    // Stored in E.164 like phone_normalized (as the demo data does): one form to read, match and send.
    phone: phone.e164,
    phone_prefix: phone.prefix,
    phone_normalized: phone.e164,
    alt_phone: altPhone.e164,
    alt_phone_prefix: altPhone.prefix,
    address: text(input.address),
    second_address: text(input.second_address),
    state: text(input.state),
    city: text(input.city),
    zip: text(input.zip),
    country,
    date_of_birth: dateOfBirth,
    language: text(input.language),
    funnel: text(input.funnel),
    comment: text(input.comment),
    ip,
    source_id: input.source_id ?? null,
    affiliate_company_id: input.affiliate_company_id ?? null,
    live_status: text(input.live_status),
    email_status_id: input.email_status_id ?? null,
    alt_email_status_id: input.alt_email_status_id ?? null,
    phone_status_id: input.phone_status_id ?? null,
    alt_phone_status_id: input.alt_phone_status_id ?? null,
    not_available_till: notAvailableTill,
    purchase_site: text(input.purchase_site),
    purchase_date: purchaseDate,
    purchase_amount: purchaseAmount,
    recovery_amount: recoveryAmount,
    product_name: text(input.product_name),
    card_name: text(input.card_name),
    card_type: text(input.card_type),
    card_digits: text(input.card_digits),
    deposit_exists: input.deposit_exists ?? false,
    is_fresh: input.is_fresh ?? true,
  };
  return { ok: true, lead: { values, statusId: input.status_id ?? null, tagIds: [...new Set(input.tag_ids ?? [])] } };
}
