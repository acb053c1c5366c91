/**
 * An integration that cannot be used as configured (a credential its auth type needs is blank). Thrown before any
 * call to the broker, as an unknown time zone is (`UnknownTimeZoneError`), so the engine fails the send without a
 * retry and says why.
 */
export class IntegrationConfigError extends Error {}

/** The setting's value, or an `IntegrationConfigError` saying what is missing. */
export function requireSetting(value: string | null, message: string): string {
  if (value === null || value === '') throw new IntegrationConfigError(message);
  return value;
}
