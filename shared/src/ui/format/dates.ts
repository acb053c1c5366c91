/**
 * Date display formats of SPEC §2 Tables and §3 Notification, in local time. They live in the UI module
 * (loaded after sign-in), so moment is not part of the login page.
 */
import moment from 'moment';

export const dateFormat = 'MMM DD, YYYY';
export const dateTimeFormat = 'MMM DD, YYYY HH:mm:ss';
export const notificationTimeFormat = 'MMM DD, YYYY HH:mm';

/** null when the value is empty or not a date, so the caller shows the translated not_set. */
export function formatDate(value: unknown, format: string = dateFormat): string | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = moment(value as moment.MomentInput);
  return parsed.isValid() ? parsed.local().format(format) : null;
}
