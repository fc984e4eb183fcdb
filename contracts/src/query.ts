import { z } from 'zod';

/**
 * A yes/no in a query string (`exists[closedAt]=false`): `true`, `false`, `1` or `0`, nothing else (`yes`, `TRUE`, an
 * empty value are refused rather than read as false). Same rule as the server's route schemas.
 */
export const ZBooleanQueryParamSchema = z.enum(['true', 'false', '1', '0'], { error: 'Expected true or false.' }).transform((v) => v === 'true' || v === '1');

/** A free-text search in a query string: trimmed, bounded, no control characters (they never belong in a search). */
export function searchTextOf(options: { max: number }) {
  return z
    .string()
    .trim()
    .max(options.max, `Search at most ${options.max} characters.`)
    .refine((v) => !hasControlCharacter(v), 'The search holds a control character.');
}

/** C0 controls and DEL: never part of a name, number or search a person types (NUL also breaks PostgreSQL text). */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
