/** A lead's phone as the integration's `phone_format` wants it (formats in @crm/shared contract). */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PhoneFormat } from '@crm/shared/contract';

/**
 * `+491701234567` → e164 `+491701234567`, digits `491701234567`, national `1701234567`; `prefix` is the calling
 * code (`49`) whatever the format, for adapters that send it apart. A number the metadata cannot split keeps its
 * digits and has no prefix.
 */
export function formatPhone(e164: string | null, format: PhoneFormat): { phone: string | null; prefix: string | null } {
  if (e164 === null || e164.trim() === '') return { phone: null, prefix: null };
  const parsed = parsePhoneNumberFromString(e164);
  const digits = parsed ? `${parsed.countryCallingCode}${parsed.nationalNumber}` : e164.replace(/\D/g, '');
  const prefix = parsed ? parsed.countryCallingCode : null;
  switch (format) {
    case 'e164':
      return { phone: `+${digits}`, prefix };
    case 'digits':
      return { phone: digits, prefix };
    case 'national':
      return { phone: parsed ? parsed.nationalNumber : digits, prefix };
  }
}
