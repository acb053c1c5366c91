/** The contract's password strength rule, run in the browser before the server runs it again. */
import { password } from '@crm/shared/contract';

export { minPasswordLength } from '@crm/shared/contract';

/** The first broken rule's message, or null for a strong enough password. */
export function passwordProblem(value: string): string | null {
  const result = password.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
