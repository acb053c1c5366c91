/**
 * For toastOutcome's `showFieldErrors`: each 422 message under its lead form field (duplicate, blacklisted,
 * bad email or phone …). When a message has no field to sit under, the refusal is toasted as well.
 */
import { placeFieldErrors, type FormInstance } from '@crm/shared/ui';
import { leadFormFieldOf, type LeadFormField, type LeadFormValues } from './leadFormValues.ts';

export function showLeadFieldErrorsIn(form: FormInstance<LeadFormValues>): (errors: Record<string, string>) => boolean {
  return (errors) => {
    const byField = new Map<LeadFormField, string>();
    let unplaced = 0;
    for (const [key, message] of Object.entries(errors)) {
      const field = leadFormFieldOf(key);
      if (field === undefined) unplaced += 1;
      else if (!byField.has(field)) byField.set(field, message);
    }
    placeFieldErrors(
      form,
      [...byField].map(([name, message]) => ({ name, errors: [message] })),
    );
    return byField.size > 0 && unplaced === 0;
  };
}
