/**
 * IP addresses and CIDR ranges in one canonical text form: how a lead's IP is stored, and how blacklist entries,
 * brokers' allowed addresses and postback sources are compared.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** A value in its canonical form, or why it cannot be one. */
export type Normalized = { value: string } | { error: string };

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
