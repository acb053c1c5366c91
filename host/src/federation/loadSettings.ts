/**
 * Time limits for loading remotes, set from /config.json at start. Kept in a host-local module because
 * the runtime plugin runs before shared modules such as @crm/shared are available.
 */
export const loadSettings = { remoteEntryTimeoutMs: 120_000, chunkLoadTimeoutMs: 120_000 };
