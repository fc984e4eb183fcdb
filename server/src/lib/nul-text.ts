/** PostgreSQL text cannot hold NUL characters: input carrying one is refused before it reaches a query. */
export const NUL_MESSAGE = 'Text may not contain NUL characters.';

export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}
