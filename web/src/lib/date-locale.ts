/** The Intl locale of each app language for dates and times. */
const DATE_LOCALES: Readonly<Record<string, string>> = { en: 'en-US', bs: 'bs', hr: 'hr', sr: 'sr-Latn' };

const resolved = new Map<string, string>();

/** Whether a browser has the locale's own calendar words (a trimmed ICU answers the root locale's "M11" instead). */
function hasMonthNames(locale: string): boolean {
  try {
    return !/^M\d/.test(new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 15)));
  } catch {
    return false;
  }
}

/**
 * The Intl locale of a language. Some browsers (Chromium builds among them) ship no Bosnian calendar data: Serbian in
 * Latin script, whose month and day names Bosnian shares, stands in there.
 */
export function localeOf(language: string | null | undefined, probe: (locale: string) => boolean = hasMonthNames): string {
  const lang = language ?? 'en';
  const cached = probe === hasMonthNames ? resolved.get(lang) : undefined;
  if (cached) return cached;
  const wanted = DATE_LOCALES[lang] ?? 'en-US';
  const locale = lang === 'bs' && !probe(wanted) ? 'sr-Latn' : wanted;
  if (probe === hasMonthNames) resolved.set(lang, locale);
  return locale;
}
