/**
 * The website chat's default welcome reply, in the company's language (like routing/routing-texts.ts): used when a
 * company turned the welcome on but wrote no text of its own. The visitor reads it, so it speaks for the company.
 */

type TLanguage = 'en' | 'bs' | 'hr' | 'sr';

const DEFAULT_WELCOME: Record<TLanguage, string> = {
  en: 'Thanks for your message! Someone from {company} will reply here shortly.',
  bs: 'Hvala na poruci! Neko iz firme {company} će vam uskoro odgovoriti ovdje.',
  hr: 'Hvala na poruci! Netko iz tvrtke {company} uskoro će vam odgovoriti ovdje.',
  sr: 'Hvala na poruci! Neko iz firme {company} će vam uskoro odgovoriti ovde.',
};

export function defaultWelcomeText(opts: { language: string; companyName: string }): string {
  const language = (opts.language in DEFAULT_WELCOME ? opts.language : 'en') as TLanguage;
  return DEFAULT_WELCOME[language].replace('{company}', opts.companyName);
}
