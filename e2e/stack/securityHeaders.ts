/**
 * The response headers of the console's static files, as production sends them (docker/nginx.conf, whose host
 * policy docker/host-config.sh writes from the same config; e2e/tests-node/compose.test.ts proves they agree).
 *
 * The host: a Content-Security-Policy that lets scripts come only from itself and the remotes its config.json names
 * (remotes are registered at runtime, so the policy follows the config, not the build), calls go only to those and
 * the API, no inline script, no framing; and no CORS header: no other origin reads the host's files. Styles may be
 * inline: antd writes its CSS-in-JS into <style> elements.
 * A remote: nosniff, and the CORS header its host needs to fetch its manifest, entry and chunks: `*`, since one remote
 * build serves whichever host is pointed at it (its files are public code, sent without credentials).
 */
import type { RuntimeConfig } from '@crm/shared';

type Headers = Record<string, string>;

const common: Headers = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The origins of the remotes and the API, in the config's order, each once. */
export function configOrigins(config: Pick<RuntimeConfig, 'apiBaseUrl' | 'remotes'>): { remotes: string[]; api: string | null } {
  const remotes = [
    ...new Set(
      Object.values(config.remotes)
        .map(originOf)
        .filter((origin): origin is string => origin !== null),
    ),
  ];
  return { remotes, api: originOf(config.apiBaseUrl) };
}

export function hostContentSecurityPolicy(config: Pick<RuntimeConfig, 'apiBaseUrl' | 'remotes'>): string {
  const { remotes, api } = configOrigins(config);
  const sources = (...extra: (string | null)[]) => ["'self'", ...extra].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources(...remotes)}`,
    `connect-src ${sources(...remotes, api)}`,
    `style-src ${sources(...remotes)} 'unsafe-inline'`,
    `img-src ${sources(...remotes)} data: blob:`,
    `font-src ${sources(...remotes)} data:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function hostSecurityHeaders(config: Pick<RuntimeConfig, 'apiBaseUrl' | 'remotes'>): Headers {
  return { ...common, 'x-frame-options': 'DENY', 'content-security-policy': hostContentSecurityPolicy(config) };
}

export const remoteSecurityHeaders: Headers = { ...common, 'access-control-allow-origin': '*' };
