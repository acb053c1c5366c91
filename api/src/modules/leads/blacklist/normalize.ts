/**
 * Blacklist values in one canonical form per type, so `(type, value)` is unique for real and the
 * matcher compares like with like: lower-cased emails and domains, E.164 phones, canonical IPs and CIDR networks.
 * Pure, so it is tested alone and shared with intake (the lead's IP is stored in the same canonical form).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import type { BlacklistType } from '@crm/shared/contract';
import { normalizePhone } from '@crm/shared/phone';

export type Normalized = { value: string } | { error: string };

const emailSchema = z.email();
/** ASCII host names: labels of letters, digits and inner hyphens, at least two labels, a non-numeric top level. */
const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export function normalizeEmail(text: string): Normalized {
  const value = text.trim().toLowerCase();
  return emailSchema.safeParse(value).success ? { value } : { error: 'The value must be a valid email address.' };
}

export function normalizeEmailDomain(text: string): Normalized {
  // A leading '@' is how people often write a domain to block ("@spam.example"): accept it, refuse any other '@'.
  const value = text.trim().toLowerCase().replace(/^@/, '');
  if (value.includes('@')) return { error: 'The value must be a domain without "@", like example.com.' };
  return domainPattern.test(value) ? { value } : { error: 'The value must be a domain like example.com.' };
}

/** Phones must be written internationally: a blacklist entry has no country to read a national number with. */
export function normalizeBlacklistPhone(text: string): Normalized {
  if (!/^\s*(\+|00)/.test(text)) return { error: 'Give the phone in international form, like +4915112345678.' };
  const reading = normalizePhone(text, null);
  return 'e164' in reading ? { value: reading.e164 } : { error: reading.error };
}

type ParsedIp = { family: 4 | 6; bytes: number[] };

/** The bytes of an IPv4 or IPv6 address, or null when `text` is neither (no leading zeros, no zone ids). */
function parseIp(text: string): ParsedIp | null {
  if (isIPv4(text)) return { family: 4, bytes: text.split('.').map(Number) };
  // Node accepts a zone id (`fe80::1%eth0`) that neither the URL parser nor PostgreSQL's inet does.
  if (!isIPv6(text) || text.includes('%')) return null;
  // The WHATWG URL parser writes IPv6 canonically and turns an embedded IPv4 tail into hex groups.
  const canonical = URL.canParse(`http://[${text}]/`) ? new URL(`http://[${text}]/`).hostname.slice(1, -1) : null;
  if (canonical === null) return null;
  const [head = '', tail] = canonical.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...tailGroups];
  if (groups.length !== 8) return null;
  return { family: 6, bytes: groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]) };
}

function formatIp({ family, bytes }: ParsedIp): string {
  if (family === 4) return bytes.join('.');
  const groups: string[] = [];
  for (let index = 0; index < 16; index += 2) groups.push((((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0)).toString(16));
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

/** An IPv4 or IPv6 address in canonical text, or null: how a lead's IP is stored. */
export function canonicalIp(text: string): string | null {
  const parsed = parseIp(text.trim());
  return parsed ? formatIp(parsed) : null;
}

/**
 * An address or a CIDR range. The host bits of a range are cleared (`10.1.2.3/8` → `10.0.0.0/8`), since
 * PostgreSQL's `cidr` refuses them and the matcher casts the stored value; a full-length prefix is the plain address.
 */
export function normalizeIpOrCidr(text: string): Normalized {
  const refused = { error: 'The value must be an IP address or a CIDR range like 10.0.0.0/8.' };
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return refused;
  const parsed = parseIp(address);
  if (!parsed) return refused;
  const bits = parsed.family === 4 ? 32 : 128;
  if (prefixText === undefined) return { value: formatIp(parsed) };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return refused;
  const prefix = Number(prefixText);
  const bytes = parsed.bytes.map((byte, index) => {
    const keep = Math.min(Math.max(prefix - index * 8, 0), 8);
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  const network = formatIp({ family: parsed.family, bytes });
  return { value: prefix === bits ? network : `${network}/${prefix}` };
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
