/** Contract and server messages of a template's text → catalogue key (others are shown as they are). */
const KEYS: Record<string, string> = {
  'Must not be empty': 'must_not_be_empty',
};

export function templateTextErrorKey(message: string): string {
  if (KEYS[message]) return KEYS[message];
  return /too big|at most/i.test(message) ? 'message_template_too_long' : message;
}
