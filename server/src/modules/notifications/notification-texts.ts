import { fillPlaceholders, shorten } from '../../lib/notification-text';

/**
 * Notification texts in the recipient's language: the same words appear in the centre, the push message, the
 * e-mail and the SMS, so they are written once, when the notification is created.
 */
type TLanguage = 'en' | 'bs' | 'hr' | 'sr';

const TEXTS: Record<TLanguage, { newMessage: string; transferred: string; attachment: string; unreadTitle: string; unreadBody: string; open: string }> = {
  en: {
    newMessage: 'New message from {name}',
    transferred: '{from} is away: {name} is yours now',
    attachment: 'Attachment',
    unreadTitle: 'Unread for {minutes} minutes: {name}',
    unreadBody: 'The message from {name} has been unread for {minutes} minutes.',
    open: 'Open',
  },
  bs: {
    newMessage: 'Nova poruka od: {name}',
    transferred: '{from} je odsutan/na: razgovor s {name} je sada vaš',
    attachment: 'Prilog',
    unreadTitle: 'Nepročitano {minutes} min: {name}',
    unreadBody: 'Poruka od: {name} nije pročitana već {minutes} minuta.',
    open: 'Otvori',
  },
  hr: {
    newMessage: 'Nova poruka od: {name}',
    transferred: '{from} je odsutan/na: razgovor s {name} sada je vaš',
    attachment: 'Privitak',
    unreadTitle: 'Nepročitano {minutes} min: {name}',
    unreadBody: 'Poruka od: {name} nije pročitana već {minutes} minuta.',
    open: 'Otvori',
  },
  sr: {
    newMessage: 'Nova poruka od: {name}',
    transferred: '{from} je odsutan/na: razgovor sa {name} je sada vaš',
    attachment: 'Prilog',
    unreadTitle: 'Nepročitano {minutes} min: {name}',
    unreadBody: 'Poruka od: {name} nije pročitana već {minutes} minuta.',
    open: 'Otvori',
  },
};

function textsFor(language: string) {
  return TEXTS[(language in TEXTS ? language : 'en') as TLanguage];
}

/** `transferredFrom`: the away colleague whose conversation was handed to the recipient with this message. */
export function inboundMessageTexts(opts: { language: string; customerName: string; content: string | null; hasMedia: boolean; transferredFrom?: string }) {
  const t = textsFor(opts.language);
  const body = opts.content?.trim() ? shorten(opts.content, 500) : opts.hasMedia ? t.attachment : '';
  const title = opts.transferredFrom
    ? fillPlaceholders(t.transferred, { from: opts.transferredFrom, name: opts.customerName })
    : fillPlaceholders(t.newMessage, { name: opts.customerName });
  return { title, body };
}

export function unreadAlertTexts(opts: { language: string; customerName: string; minutes: number }) {
  const t = textsFor(opts.language);
  const values = { name: opts.customerName, minutes: opts.minutes };
  return { title: fillPlaceholders(t.unreadTitle, values), body: fillPlaceholders(t.unreadBody, values) };
}

/** Plain-text e-mail and SMS bodies: the notification's words and a link into the app. */
export function outOfAppTexts(opts: { language: string; title: string; body: string; url: string | null }) {
  const t = textsFor(opts.language);
  const link = opts.url ? `${t.open}: ${opts.url}` : '';
  return {
    email: [opts.body, link].filter(Boolean).join('\n\n'),
    sms: [shorten(`${opts.title}${opts.body ? `: ${opts.body}` : ''}`, 300), opts.url ?? ''].filter(Boolean).join('\n'),
  };
}
