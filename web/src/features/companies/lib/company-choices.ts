/** Choices offered when creating or editing a company (country, its timezones, interface language). */
export const COUNTRIES = ['US', 'BA'] as const;
export type TCountry = (typeof COUNTRIES)[number];
export const TIMEZONES: Record<TCountry, readonly string[]> = {
  US: ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'],
  BA: ['Europe/Sarajevo'],
};
export const LANGUAGES = ['en', 'bs', 'hr', 'sr'] as const;

/** Contract and server messages that are not catalogue keys themselves → their catalogue key. */
const MESSAGE_KEYS: Record<string, string> = {
  'Slug may hold lowercase letters, digits and dashes.': 'slug_invalid',
  'This phone number is not valid.': 'phone_invalid',
  'End cannot be before start.': 'hours_end_before_start',
  'Shifts cannot overlap.': 'hours_overlap',
  'The company must have working days.': 'hours_no_working_days',
  'Time must be HH:mm.': 'hours_time_format',
  'This slug is already used by another company.': 'slug_taken',
  'The default customer user must be a user of this company.': 'default_customer_user_invalid',
};

/** Catalogue key for a settings validation message (unknown messages are shown as they are). */
export function settingsMessageKey(options: { path: string; message: string }): string {
  const known = MESSAGE_KEYS[options.message];
  if (known) return known;
  if (options.path === 'email') return 'email_invalid';
  return options.message;
}
