import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { hasNul, NUL_MESSAGE } from './nul-text';

/**
 * The one reader of multipart forms: every multipart route walks its parts through here, so text fields get the
 * same guard as JSON and form bodies (no NUL, which PostgreSQL text cannot hold). File parts are handed to
 * `onFile`, which must consume or drain the stream before returning (the parser cannot reach the next part
 * otherwise). Errors from `onFile` or the guard propagate; the caller cleans up what `onFile` stored.
 */
export async function readMultipartForm(opts: {
  request: FastifyRequest;
  onFile: (file: MultipartFile) => Promise<void>;
}): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of opts.request.parts()) {
    if (part.type === 'file') {
      // File names are stored too (original name), so they get the same guard as text fields.
      if (hasNul(part.fieldname) || hasNul(part.filename)) {
        part.file.resume();
        throw new AppError('bad_request', NUL_MESSAGE);
      }
      await opts.onFile(part);
      continue;
    }
    if (hasNul(part.fieldname)) throw new AppError('bad_request', NUL_MESSAGE);
    // A field sent as a non-string (busboy never does) is ignored rather than trusted.
    if (typeof part.value !== 'string') continue;
    if (hasNul(part.value))
      throw new AppError('validation_failed', NUL_MESSAGE, [{ propertyPath: part.fieldname, message: NUL_MESSAGE }]);
    fields[part.fieldname] = part.value;
  }
  return fields;
}
