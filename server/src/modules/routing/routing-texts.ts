import { fillPlaceholders } from '../../lib/notification-text';

/**
 * Routing's notifications in the recipient's language (written once, when the notification is created, like
 * notifications/notification-texts.ts): the same words reach the centre, push, e-mail and SMS.
 */

type TLanguage = 'en' | 'bs' | 'hr' | 'sr';
type TKind = 'assigned' | 'warning' | 'breach';

const TEXTS: Record<TLanguage, Record<TKind, { title: string; body: string }>> = {
  en: {
    assigned: { title: 'Conversation assigned to you', body: '{name} is waiting for a reply.' },
    warning: { title: 'Reply due soon', body: '{name} is waiting; the reply is due {due}.' },
    breach: { title: 'Response-time target missed', body: '{name} got no first reply within the target.' },
  },
  bs: {
    assigned: { title: 'Razgovor je dodijeljen vama', body: '{name} čeka odgovor.' },
    warning: { title: 'Rok za odgovor uskoro ističe', body: '{name} čeka; odgovor treba poslati do {due}.' },
    breach: { title: 'Rok za odgovor je propušten', body: '{name} nije dobio/la prvi odgovor u zadanom roku.' },
  },
  hr: {
    assigned: { title: 'Razgovor je dodijeljen vama', body: '{name} čeka odgovor.' },
    warning: { title: 'Rok za odgovor uskoro istječe', body: '{name} čeka; odgovor treba poslati do {due}.' },
    breach: { title: 'Rok za odgovor je propušten', body: '{name} nije dobio/la prvi odgovor u zadanom roku.' },
  },
  sr: {
    assigned: { title: 'Razgovor je dodeljen vama', body: '{name} čeka odgovor.' },
    warning: { title: 'Rok za odgovor uskoro ističe', body: '{name} čeka; odgovor treba poslati do {due}.' },
    breach: { title: 'Rok za odgovor je propušten', body: '{name} nije dobio/la prvi odgovor u zadatom roku.' },
  },
};

// Serbian is written in Latin script in this product (the web catalogues too).
const INTL_LOCALE: Record<TLanguage, string> = { en: 'en-US', bs: 'bs', hr: 'hr', sr: 'sr-Latn' };

function languageOf(language: string): TLanguage {
  return (language in TEXTS ? language : 'en') as TLanguage;
}

/** The due time as the recipient reads it: their language, the company's clock. */
function formatDue(due: Date, language: TLanguage, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(INTL_LOCALE[language], { ...options, timeZone }).format(due);
  } catch {
    // An unknown company time zone: UTC, said so.
    return `${new Intl.DateTimeFormat(INTL_LOCALE[language], { ...options, timeZone: 'UTC' }).format(due)} UTC`;
  }
}

export function routingNotificationTexts(opts: { kind: TKind; language: string; customerName: string; dueAt?: Date | null; timeZone?: string }): {
  title: string;
  body: string;
} {
  const language = languageOf(opts.language);
  const t = TEXTS[language][opts.kind];
  const due = opts.dueAt ? formatDue(opts.dueAt, language, opts.timeZone ?? 'UTC') : '';
  return { title: t.title, body: fillPlaceholders(t.body, { name: opts.customerName, due }) };
}
