import { z } from 'zod';

/**
 * Ids are positive decimal integers, nothing else. No coercion: `z.coerce.number()` (and PostgreSQL's bigint
 * cast) take `true`, `'0x10'`, `' 1'`, `'1e1'`, `'1.0'` as some other id than the one typed.
 */
const DECIMAL_ID = '[1-9][0-9]{0,15}';
const ID_MESSAGE = 'Expected a positive whole number.';

/** An id in JSON: a positive safe integer. */
export const ZIdNumberSchema = z.number(ID_MESSAGE).int(ID_MESSAGE).positive(ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, ID_MESSAGE);

/** An id written as text (path, query string, form field): decimal digits without sign, spaces or leading zeros. */
export const ZIdStringSchema = z
  .string(ID_MESSAGE)
  .regex(new RegExp(`^${DECIMAL_ID}$`), ID_MESSAGE)
  .transform(Number)
  .pipe(ZIdNumberSchema);

/**
 * A reference to a resource of one type: `5`, `"5"` or its IRI `/api/<resource>/5` — never the IRI of another
 * type (`/api/users/5` is not a customer). Gives the id as a number.
 */
export function idRefOf(resource: string, message = `Expected an id or /api/${resource}/{id}.`) {
  const pattern = new RegExp(`^(?:/api/${resource}/)?${DECIMAL_ID}$`);
  return z.union(
    [
      z.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
      z
        .string(message)
        .regex(pattern, message)
        .transform((v) => Number(v.slice(v.lastIndexOf('/') + 1)))
        .pipe(ZIdNumberSchema),
    ],
    { error: message },
  );
}

/** The IRI of one resource type only, e.g. `/api/media_objects/5` (kept as the string). */
export function iriOf(resource: string, message = `Expected /api/${resource}/{id}.`) {
  return z.string(message).regex(new RegExp(`^/api/${resource}/${DECIMAL_ID}$`), message);
}

/** A whole number in a query string (page, itemsPerPage, cursors): plain decimal digits, bounded. */
export function decimalIntOf(opts: { min: number; max: number }) {
  const message = `Expected a whole number from ${opts.min} to ${opts.max}.`;
  return z
    .string(message)
    .regex(/^[0-9]{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(opts.min, message).max(opts.max, message));
}
