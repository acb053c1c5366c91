import toast from 'react-hot-toast';
import { fieldErrorsOf } from '@crm/shared';
import type { FormInstance } from '@crm/shared/ui';
import { clientErrorMessage } from '../api/serverMessage.ts';

/** A failed save: the server's 422 messages under their fields, any other client error as a toast. */
export function showSaveError<Values>(form: FormInstance<Values>, error: unknown): void {
  const fieldErrors = Object.entries(fieldErrorsOf(error));
  if (fieldErrors.length > 0) {
    // The server names fields by their wire names, which are the form's names; antd types names per form.
    form.setFields(fieldErrors.map(([name, message]) => ({ name: name as never, errors: [message] })));
    return;
  }
  const message = clientErrorMessage(error);
  if (message) toast.error(message);
}
