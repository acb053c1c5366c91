/**
 * An integration that cannot be used as configured (a credential its auth type needs is blank, an unknown time
 * zone). Thrown before any call to the broker, so the engine can fail the send without a retry and say why.
 */
export class IntegrationConfigError extends Error {}

/** The setting's value, or an `IntegrationConfigError` saying what is missing. */
export function requireSetting(value: string | null, message: string): string {
  if (value === null || value === '') throw new IntegrationConfigError(message);
  return value;
}
