/** Is an address among a caller's allowed IPs and CIDR ranges (stored canonically)? */
import { canonicalIp, normalizeIpOrCidr } from './ip.ts';

export function ipAllowed(address: string, allowed: readonly string[]): boolean {
  // An IPv4 client seen through a dual-stack socket arrives as ::ffff:a.b.c.d.
  const ip = canonicalIp(address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1'));
  if (!ip) return false;
  return allowed.some((entry) => {
    const [network, prefix] = entry.split('/');
    if (prefix === undefined) return network === ip;
    const masked = normalizeIpOrCidr(`${ip}/${prefix}`);
    return 'value' in masked && masked.value === entry;
  });
}
