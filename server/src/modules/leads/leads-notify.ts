import { fillPlaceholders, shorten } from '../../lib/notification-text';

/** The listing agent's notification of a new lead, in the agent's language (written once, like notification-texts.ts). */

type TLanguage = 'en' | 'bs' | 'hr' | 'sr';

const TEXTS: Record<TLanguage, { title: string }> = {
  en: { title: 'New lead for {listing}: {name}' },
  bs: { title: 'Novi interesent za {listing}: {name}' },
  hr: { title: 'Novi interesent za {listing}: {name}' },
  sr: { title: 'Novi zainteresovani za {listing}: {name}' },
};

export function leadNotificationTexts(opts: { language: string; customerName: string; listingName: string; content: string }): { title: string; body: string } {
  const t = TEXTS[(opts.language in TEXTS ? opts.language : 'en') as TLanguage];
  return { title: shorten(fillPlaceholders(t.title, { listing: opts.listingName, name: opts.customerName }), 200), body: shorten(opts.content, 500) };
}
