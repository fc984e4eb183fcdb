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

/** Each catalogue is its own chunk (about 25 KB gzip): a browser fetches only the languages it shows. */
const CATALOGUES: Record<TLanguage, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('../locales/en/translation.json'),
  bs: () => import('../locales/bs/translation.json'),
  hr: () => import('../locales/hr/translation.json'),
  sr: () => import('../locales/sr/translation.json'),
};

const loading = new Map<TLanguage, Promise<void>>();

/** Fetches a language's catalogue into i18next once (clones made with cloneInstance share the store). */
export function loadCatalogue(language: TLanguage): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = CATALOGUES[language]().then((m) => void i18n.addResourceBundle(language, 'translation', m.default));
    // A failed fetch (a deploy replaced the chunk, the network dropped) may be retried by the next caller.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
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
});

/**
 * Loads the stored language's catalogue; main.tsx renders the app only after it, so no key ever shows untranslated.
 * The catalogues test keeps all four with the same keys, so English is only a safety net for a non-English user:
 * it is fetched after the active language, off the critical path.
 */
export async function loadStartLanguage(): Promise<void> {
  const language = storedLanguage();
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
