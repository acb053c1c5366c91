/** The one i18n instance, initialised for tests with the host's English file given inline (no http backend). */
import common from '../../../host/public/locales/en/common.json';
import { i18n, initI18n } from '../core/i18n/i18n.ts';

export const testResources = { en: { common } };

export async function initTestI18n(): Promise<void> {
  if (!i18n.isInitialized) await initI18n({ language: 'en', resources: testResources });
  else if (i18n.language !== 'en') await i18n.changeLanguage('en');
}

/** The English text of a key, for assertions that should follow the translation file. */
export function en(key: string, values?: Record<string, unknown>): string {
  return i18n.getFixedT('en')(key, values);
}
