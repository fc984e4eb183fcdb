import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';
import bs from '../locales/bs/translation.json';
import hr from '../locales/hr/translation.json';
import sr from '../locales/sr/translation.json';
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

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    bs: { translation: bs },
    hr: { translation: hr },
    sr: { translation: sr },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  // Server messages are used as keys ("Expired JWT Token", "passwords dont match."): no separators.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Translate a server-provided message when the catalogue knows it, else show it as sent. */
export function translateMessage(message: string): string {
  return i18n.t(message, { defaultValue: message });
}

export { i18n };
