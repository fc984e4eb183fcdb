/**
 * Inserts a modifier chip's token at the caret (replacing a selection), with a space on either side where it would
 * otherwise touch a word, and answers the caret position just after the token.
 */
export function insertAtCaret(options: { value: string; token: string; start: number | null; end: number | null }): {
  value: string;
  caret: number;
} {
  const { value, token } = options;
  const start = clamp(options.start ?? value.length, value.length);
  const end = Math.max(start, clamp(options.end ?? start, value.length));
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = after === '' || /^[\s.,!?;:)]/.test(after) ? '' : ' ';
  const inserted = `${lead}${token}${trail}`;
  return { value: `${before}${inserted}${after}`, caret: before.length + lead.length + token.length };
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(0, n), max);
}
