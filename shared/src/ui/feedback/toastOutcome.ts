/**
 * The toasts of a call: the server's message on success, a refusal's message (4xx) as an error.
 * Nothing more for a 5xx, a network failure or a 401: the one HTTP client has told the user already.
 */
import toast from 'react-hot-toast';
import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '@crm/shared';
import { refusalMessageOf } from './serverMessage.ts';
import { firstErrorInView } from './firstErrorInView.ts';

export type ToastOutcomeOptions<Response> = {
  /** The success toast's text, when the response carries no message of its own. */
  successMessage?: (response: Response) => string;
  /** Given a 422's first message per field; returns whether it showed any, in which case no error toast follows. */
  showFieldErrors?: (errors: Record<string, string>) => boolean;
};

function successMessageOf(response: unknown): string | undefined {
  const message = typeof response === 'object' && response !== null && 'message' in response ? response.message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** Resolves to the response, or to undefined when the call failed and the user has been told why. */
export async function toastOutcome<Response extends { message: string }>(run: () => Promise<Response>, options?: ToastOutcomeOptions<Response>): Promise<Response | undefined>;
export async function toastOutcome<Response>(
  run: () => Promise<Response>,
  options: ToastOutcomeOptions<Response> & { successMessage(response: Response): string },
): Promise<Response | undefined>;
export async function toastOutcome<Response>(run: () => Promise<Response>, options: ToastOutcomeOptions<Response> = {}): Promise<Response | undefined> {
  try {
    const response = await run();
    const message = options.successMessage ? options.successMessage(response) : successMessageOf(response);
    if (message) toast.success(message);
    return response;
  } catch (error) {
    if (options.showFieldErrors?.(fieldErrorsOf(error))) return undefined;
    const message = refusalMessageOf(error);
    if (message) toast.error(message);
    return undefined;
  }
}

type FieldErrors<Values> = readonly { name: Parameters<FormInstance<Values>['scrollToField']>[0]; errors: string[] }[];

/**
 * Server messages under their fields, the first of them scrolled into view: a long form's Save sits far below
 * its first fields, and a message out of sight would look like nothing happened. The messages of the last answer go:
 * a form is only sent once its own rules pass, so every message still shown is the server's, and this answer's
 * replace them (a field the user did not touch would keep a refusal the server no longer makes).
 */
export function placeFieldErrors<Values>(form: FormInstance<Values>, fields: FieldErrors<Values>): void {
  const placed = new Set(fields.map(({ name }) => String(name)));
  const stale = form.getFieldsError().filter((field) => field.errors.length > 0 && !placed.has(field.name.join('.')));
  form.setFields([...stale.map(({ name }) => ({ name: name as never, errors: [] })), ...fields.map(({ name, errors }) => ({ name, errors }))]);
  const first = fields[0];
  if (first) form.scrollToField(first.name, firstErrorInView);
}

/** For `showFieldErrors`: each message under the form field of that name (the server names fields as the form does). */
export function showFieldErrorsIn<Values>(form: FormInstance<Values>): (errors: Record<string, string>) => boolean {
  return (errors) => {
    const entries = Object.entries(errors);
    // antd types field names per form; the server's names are plain strings.
    placeFieldErrors(
      form,
      entries.map(([name, message]) => ({ name: name as never, errors: [message] })),
    );
    return entries.length > 0;
  };
}
