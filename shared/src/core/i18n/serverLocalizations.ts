/**
 * Server localizations: `GET /localizations/{lng}` returns key → text, merged over the
 * translation files; fetched at start and every 120 s, cached in local storage for 60 s. Failures are
 * only logged; a 5xx or no status is retried on the next round, a 4xx is not.
 */
import { AxiosError } from 'axios';
import { defaults } from '../runtimeConfig.ts';
import { i18n } from './i18n.ts';

type Storage_ = Pick<Storage, 'getItem' | 'setItem'>;
type Cached = { at: number; values: Record<string, string> };

const cacheKey = (language: string) => `crm.localizations.${language}`;

/** 'menu.leads' → { menu: { leads } }; a key may name its namespace as 'ns:key' (default common). */
export function toBundles(values: Record<string, string>): Record<string, Record<string, unknown>> {
  const bundles: Record<string, Record<string, unknown>> = {};
  for (const [fullKey, text] of Object.entries(values)) {
    const [namespace, key] = fullKey.includes(':') ? (fullKey.split(/:(.*)/s, 2) as [string, string]) : ['common', fullKey];
    let node = (bundles[namespace] ??= {});
    const parts = key.split('.');
    parts.slice(0, -1).forEach((part) => {
      const next = node[part];
      node = (node[part] = next && typeof next === 'object' ? next : {}) as Record<string, unknown>;
    });
    node[parts.at(-1) ?? key] = text;
  }
  return bundles;
}

export function applyLocalizations(language: string, values: Record<string, string>): void {
  for (const [namespace, bundle] of Object.entries(toBundles(values))) i18n.addResourceBundle(language, namespace, bundle, true, true);
}

/**
 * A localization just saved in this browser: shown at once, and the language's cache dropped so the next
 * load (a reload) fetches the server's map instead of waiting out the 60 s cache.
 */
export function applySavedLocalization(saved: { locale: string; key: string; value: string }, storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(cacheKey(saved.locale));
  // Only into a language already loaded: a partial bundle would stop the backend loading that language's files.
  if (i18n.hasLoadedNamespace('common', { lng: saved.locale })) applyLocalizations(saved.locale, { [saved.key]: saved.value });
}

export type LocalizationLoader = {
  /** Loads (from cache when fresh) and applies the current language's localizations. */
  refresh(): Promise<void>;
  stop(): void;
};

export function startServerLocalizations(options: { get(path: string): Promise<unknown>; storage: Storage_; now?: () => number; refreshMs?: number; cacheMs?: number }): LocalizationLoader {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? defaults.translationCacheMs;
  const failedFor = new Set<string>();

  async function refresh(): Promise<void> {
    const language = i18n.language || 'en';
    if (failedFor.has(language)) return;
    const raw = options.storage.getItem(cacheKey(language));
    const cached = raw ? (JSON.parse(raw) as Cached) : null;
    if (cached && now() - cached.at < cacheMs) {
      applyLocalizations(language, cached.values);
      return;
    }
    try {
      const values = (await options.get(`/localizations/${encodeURIComponent(language)}`)) as Record<string, string>;
      options.storage.setItem(cacheKey(language), JSON.stringify({ at: now(), values } satisfies Cached));
      applyLocalizations(language, values);
    } catch (error) {
      const status = error instanceof AxiosError ? error.response?.status : undefined;
      if (status !== undefined && status >= 400 && status < 500) failedFor.add(language);
      console.warn(`server localizations for ${language} not loaded`, error instanceof Error ? error.message : error);
    }
  }

  const onLanguageChanged = () => void refresh();
  i18n.on('languageChanged', onLanguageChanged);
  void refresh();
  const timer = setInterval(() => void refresh(), options.refreshMs ?? defaults.translationRefreshMs);
  return {
    refresh,
    stop() {
      clearInterval(timer);
      i18n.off('languageChanged', onLanguageChanged);
    },
  };
}
