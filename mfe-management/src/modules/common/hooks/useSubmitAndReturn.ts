/**
 * Saving a create or edit form: the server's message as a toast and back to the list; a 422 puts each
 * field's first message under that field (array items such as `roles.0` under their field), and a
 * refusal with no field to show it under becomes an error toast.
 */
import { useNavigate } from 'react-router-dom';
import { toastOutcome } from '@crm/shared/ui';

export type FieldErrors<Field extends string> = { name: Field; errors: string[] }[];

export function useSubmitAndReturn<Field extends string>(fieldNames: readonly Field[], showFieldErrors: (errors: FieldErrors<Field>) => void, backTo: string) {
  const navigate = useNavigate();
  function showUnderFields(errors: Record<string, string>): boolean {
    const byField = new Map<Field, string>();
    for (const [key, message] of Object.entries(errors)) {
      const field = fieldNames.find((name) => name === (key.split('.')[0] ?? key));
      if (field !== undefined && !byField.has(field)) byField.set(field, message);
    }
    if (byField.size > 0) showFieldErrors([...byField].map(([name, message]) => ({ name, errors: [message] })));
    return byField.size > 0;
  }
  return async function submit(run: () => Promise<{ message: string }>): Promise<void> {
    if (await toastOutcome(run, { showFieldErrors: showUnderFields })) navigate(backTo);
  };
}
