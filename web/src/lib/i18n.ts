import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS } from './storage-keys';

export const LANGUAGES = ['en', 'bs', 'hr', 'sr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): TLanguage {
  const v = readStorage(STORAGE_KEYS.language);
  return isLanguage(v) ? v : 'en';
}

type TCatalogueModule = Promise<{ default: Record<string, string> }>;
type TCataloguePart = 'core' | 'rest';

/**
 * Each language is two chunks built from its translation.json (build-tools/catalogue-split.ts): "core", the keys the
 * entry, the shell and the inbox show (about 5 KB gzip), and "rest", every other key. A browser fetches only the
 * languages it shows, and the first screen waits only for their core.
 */
const CATALOGUES: Record<TLanguage, Record<TCataloguePart, () => TCatalogueModule>> = {
  en: { core: () => import('virtual:catalogue/en/core'), rest: () => import('virtual:catalogue/en/rest') },
  bs: { core: () => import('virtual:catalogue/bs/core'), rest: () => import('virtual:catalogue/bs/rest') },
  hr: { core: () => import('virtual:catalogue/hr/core'), rest: () => import('virtual:catalogue/hr/rest') },
  sr: { core: () => import('virtual:catalogue/sr/core'), rest: () => import('virtual:catalogue/sr/rest') },
};

const loading = new Map<string, Promise<void>>();

/** Fetches one part of a language's catalogue into i18next once (clones made with cloneInstance share the store). */
function loadCataloguePart(language: TLanguage, part: TCataloguePart): Promise<void> {
  const id = `${language}/${part}`;
  let pending = loading.get(id);
  if (!pending) {
    // addResourceBundle merges into what is there and emits `added`, which re-renders (bindI18nStore below).
    pending = CATALOGUES[language][part]().then((m) => void i18n.addResourceBundle(language, 'translation', m.default));
    // A failed fetch (a deploy replaced the chunk, the network dropped) may be retried by the next caller.
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/** Fetches a language's whole catalogue (both parts) into i18next once. */
export function loadCatalogue(language: TLanguage): Promise<void> {
  return Promise.all([loadCataloguePart(language, 'core'), loadCataloguePart(language, 'rest')]).then(() => undefined);
}

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'en',
  // The catalogues arrive with loadCatalogue; `partialBundledLanguages` lets i18next start without them.
  resources: {},
  partialBundledLanguages: true,
  // Server messages are used as keys ("Expired JWT Token", "passwords dont match."): no separators.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // A key rendered before its part arrived re-renders when the part is added, instead of staying raw.
  react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
});

/**
 * Loads the core of the stored language's catalogue; main.tsx renders the app only after it, so the first screen
 * never shows a key untranslated. The rest follows with loadWholeCatalogue once the first screen is up.
 */
export async function loadStartLanguage(): Promise<void> {
  await loadCataloguePart(storedLanguage(), 'core');
}

/**
 * The active language's whole catalogue: main.tsx starts it when the browser is idle after the first render, and the
 * lazy routes of the other screens await it before they render. The catalogues test keeps all four with the same
 * keys, so English is only a safety net for a non-English user: it is fetched after, never awaited.
 */
export async function loadWholeCatalogue(): Promise<void> {
  const language = isLanguage(i18n.language) ? i18n.language : storedLanguage();
  await loadCatalogue(language);
  if (language !== 'en') void loadCatalogue('en').catch(() => undefined);
}

let requestedLanguage: TLanguage | undefined;

/**
 * Switches the app's language once its catalogue is in (the screen never shows keys meanwhile). Resolves false when
 * a later switch superseded this one before its catalogue arrived, so quick clicks end on the last choice.
 */
export async function switchLanguage(language: TLanguage): Promise<boolean> {
  requestedLanguage = language;
  await loadCatalogue(language);
  if (requestedLanguage !== language) return false;
  await i18n.changeLanguage(language);
  return true;
}

/** Translate a server-provided message when the catalogue knows it, else show it as sent. */
export function translateMessage(message: string): string {
  return i18n.t(message, { defaultValue: message });
}

export { i18n };
