/** IP and CIDR lists (a broker's ip_addresses, an integration's allowed_ips) stored canonically, without repeats. */
import { invalid } from '../../http/errors.ts';
import { normalizeIpOrCidr } from '../../net/ip.ts';

/** The canonical addresses, or a 422 under `field` naming the first one that is not an IP or a CIDR range. */
export function normalizedAddresses(values: readonly string[], field: string): string[] {
  const canonical = values.map((value) => {
    const normalized = normalizeIpOrCidr(value);
    if ('error' in normalized) throw invalid({ [field]: [`${value}: ${normalized.error}`] });
    return normalized.value;
  });
  return [...new Set(canonical)];
}
