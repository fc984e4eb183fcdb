import { idRefOf } from '@cd/contracts/ids';
import { validationError } from './errors';

const schemas = new Map<string, ReturnType<typeof idRefOf>>();

/**
 * The id a reference to one resource type names: `5`, `"5"` or `/api/<resource>/5` (the rules of contracts'
 * `idRefOf`; never another type's IRI). Anything else is a 422 on `propertyPath`. For services that take a
 * reference their route has not already turned into an id, so no hand-written IRI parsing is needed anywhere.
 */
export function idOfRef(opts: { ref: unknown; resource: string; propertyPath: string }): number {
  let schema = schemas.get(opts.resource);
  if (!schema) schemas.set(opts.resource, (schema = idRefOf(opts.resource)));
  const parsed = schema.safeParse(opts.ref);
  if (!parsed.success) throw validationError([{ propertyPath: opts.propertyPath, message: `Expected an id or /api/${opts.resource}/{id}.` }]);
  return parsed.data;
}
