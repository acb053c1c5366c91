/**
 * Date display formats of the tables and the notifications, in local time. They live in the UI module
 * (loaded after sign-in), so moment is not part of the login page.
 */
import moment from 'moment';
import { i18n } from '@crm/shared';

/**
 * Month names follow the console's language. The locale is set on moment itself: the one moment every app shares then
 * loads it through the bundle it came from (shared/build/webpack.ts keeps the offered locales in each). Importing
 * `moment/locale/de` here would register it on this bundle's own copy of moment instead.
 */
const followLanguage = (language: string): void => void moment.locale(language);
if (i18n.language) followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

export const dateFormat = 'MMM DD, YYYY';
export const dateTimeFormat = 'MMM DD, YYYY HH:mm:ss';
export const notificationTimeFormat = 'MMM DD, YYYY HH:mm';

/** null when the value is empty or not a date, so the caller shows the translated not_set. */
export function formatDate(value: unknown, format: string = dateFormat): string | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = moment(value as moment.MomentInput);
  return parsed.isValid() ? parsed.local().format(format) : null;
}
