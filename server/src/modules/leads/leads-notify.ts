/** The listing agent's notification of a new lead, in the agent's language (written once, like notification-texts.ts). */

type TLanguage = 'en' | 'bs' | 'hr' | 'sr';

const TEXTS: Record<TLanguage, { title: string }> = {
  en: { title: 'New lead for {listing}: {name}' },
  bs: { title: 'Novi interesent za {listing}: {name}' },
  hr: { title: 'Novi interesent za {listing}: {name}' },
  sr: { title: 'Novi zainteresovani za {listing}: {name}' },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function leadNotificationTexts(opts: { language: string; customerName: string; listingName: string; content: string }): { title: string; body: string } {
  const t = TEXTS[(opts.language in TEXTS ? opts.language : 'en') as TLanguage];
  return { title: shorten(fill(t.title, { listing: opts.listingName, name: opts.customerName }), 200), body: shorten(opts.content, 500) };
}
