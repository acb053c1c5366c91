/**
 * Blacklist values in one canonical form per type, so `(type, value)` is unique for real and the
 * matcher compares like with like: lower-cased emails and domains, E.164 phones, canonical IPs and CIDR networks.
 * Pure, so it is tested alone and shared with intake (the lead's IP is stored in the same canonical form).
 */
import { z } from 'zod';
import type { BlacklistType } from '@crm/shared/contract';
import { normalizePhone } from '@crm/shared/phone';
import { normalizeIpOrCidr, type Normalized } from '../../../net/ip.ts';

const emailSchema = z.email();
/** ASCII host names: labels of letters, digits and inner hyphens, at least two labels, a non-numeric top level. */
const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function normalizeEmail(text: string): Normalized {
  const value = text.trim().toLowerCase();
  return emailSchema.safeParse(value).success ? { value } : { error: 'The value must be a valid email address.' };
}

function normalizeEmailDomain(text: string): Normalized {
  // A leading '@' is how people often write a domain to block ("@spam.example"): accept it, refuse any other '@'.
  const value = text.trim().toLowerCase().replace(/^@/, '');
  if (value.includes('@')) return { error: 'The value must be a domain without "@", like example.com.' };
  return domainPattern.test(value) ? { value } : { error: 'The value must be a domain like example.com.' };
}

/** Phones must be written internationally: a blacklist entry has no country to read a national number with. */
function normalizeBlacklistPhone(text: string): Normalized {
  if (!/^\s*(\+|00)/.test(text)) return { error: 'Give the phone in international form, like +4915112345678.' };
  const reading = normalizePhone(text, null);
  return 'e164' in reading ? { value: reading.e164 } : { error: reading.error };
}

export function normalizeBlacklistValue(type: BlacklistType, text: string): Normalized {
  switch (type) {
    case 'email':
      return normalizeEmail(text);
    case 'email_domain':
      return normalizeEmailDomain(text);
    case 'phone':
      return normalizeBlacklistPhone(text);
    case 'ip':
      return normalizeIpOrCidr(text);
  }
}
