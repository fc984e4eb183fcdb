/** Carrier-style keywords (protocols §1, US carrier rules): only a message that is just the keyword counts. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPT OUT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

export type TKeyword = 'STOP' | 'START' | 'HELP';

export function classifyKeyword(body: string | null | undefined): TKeyword | null {
  const word = (body ?? '')
    .trim()
    .replace(/[.!?\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
  if (STOP_WORDS.has(word)) return 'STOP';
  if (START_WORDS.has(word)) return 'START';
  if (HELP_WORDS.has(word)) return 'HELP';
  return null;
}
