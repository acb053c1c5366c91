/**
 * The one i18next instance: initialised by the host only; remotes add their namespace
 * bundles with `addTranslations` and never call `init`. Default and fallback language `en`; the choice
 * is remembered in local storage; translation files come through the http backend from
 * /locales/{lng}/{ns}.json.
 */
import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const i18n: I18n = i18next;
export const fallbackLanguage = 'en';
export const languageStorageKey = 'crm.language';

export function storedLanguage(storage: Pick<Storage, 'getItem'>): string {
  return storage.getItem(languageStorageKey) ?? fallbackLanguage;
}

export type InitI18nOptions = {
  language: string;
  /** Where translation files are served; the host's own origin by default. */
  loadPath?: string;
  /** Resources given inline (tests, standalone shells) instead of fetched. */
  resources?: Record<string, Record<string, Record<string, unknown>>>;
};

/** The page says which language it is in (screen readers' voice, the browser's offer to translate). */
const markPageLanguage = (language: string): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

export async function initI18n(options: InitI18nOptions): Promise<I18n> {
  if (!options.resources) i18n.use(HttpBackend);
  i18n.on('languageChanged', markPageLanguage);
  await i18n.use(initReactI18next).init({
    lng: options.language,
    fallbackLng: fallbackLanguage,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render on bundles added after the first render: server localizations and remotes' namespaces.
    react: { bindI18nStore: 'added' },
    ...(options.resources ? { resources: options.resources } : { backend: { loadPath: options.loadPath ?? '/locales/{{lng}}/{{ns}}.json' } }),
  });
  return i18n;
}

export async function changeLanguage(language: string, storage: Pick<Storage, 'setItem'>): Promise<void> {
  storage.setItem(languageStorageKey, language);
  await i18n.changeLanguage(language);
}

/** A remote's namespace: its bundles per language, added once (later calls overwrite the same keys). */
export function addTranslations(namespace: string, bundles: Record<string, Record<string, unknown>>): void {
  const add = () => {
    for (const [language, resources] of Object.entries(bundles)) i18n.addResourceBundle(language, namespace, resources, true, true);
  };
  // A module may register its bundles before the app has initialised i18n (a test importing a page):
  // the resource store exists only from init on.
  if (i18n.isInitialized || i18n.isInitializing) add();
  else i18n.on('initialized', add);
}
