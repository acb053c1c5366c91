/** Phone numbers: stored as E.164, read with the lead's country when not written internationally. Full metadata
 * (exact validity), so this is its own entry (`@crm/shared/phone`) and stays out of the browser bundles. */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export type PhoneReading = { e164: string; prefix: string } | { error: string };

/** `+44 20 7946 0958`, or `020 7946 0958` with country GB → `+442079460958` and its calling code. */
export function normalizePhone(phone: string, country?: string | null): PhoneReading {
  const text = phone.trim();
  if (!text) return { error: 'The phone field is empty.' };
  const international = text.startsWith('+') || text.startsWith('00');
  if (!international && !country) return { error: 'Give the phone in international form (+…) or choose the country.' };
  const parsed = parsePhoneNumberFromString(text.startsWith('00') ? `+${text.slice(2)}` : text, (country ?? undefined) as CountryCode | undefined);
  if (!parsed?.isValid()) return { error: country ? `The phone is not a valid number for ${country}.` : 'The phone is not a valid number.' };
  return { e164: parsed.number, prefix: parsed.countryCallingCode };
}
