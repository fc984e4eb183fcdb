import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './errors';
import { readMultipartForm } from './multipart-form';
import { discardStagedFile, FileTooLargeError, stageStream, type TStagedFile, type TStorageConfig } from './storage';

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // An extra file part must still be read for the parser to reach the next part.
  }
}

/** Display name only (never used on disk): last path segment, printable, bounded. */
function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return base || 'import';
}

/**
 * An import upload: the form's first `file` part streamed to a temp file (a large list never sits in memory); other
 * file parts are drained. Not multipart or no file: 422 on `file`; over `maxBytes`: 413. The caller consumes or
 * discards the staged file.
 */
export async function readSingleFileUpload(opts: {
  config: TStorageConfig;
  request: FastifyRequest;
  maxBytes: number;
}): Promise<{ staged: TStagedFile; filename: string; fields: Record<string, string> }> {
  const { request, maxBytes } = opts;
  if (!request.isMultipart()) throw validationError([{ propertyPath: 'file', message: 'Send the file as multipart/form-data in a "file" field.' }]);
  let upload: { staged: TStagedFile; filename: string } | undefined;
  let fields: Record<string, string>;
  try {
    fields = await readMultipartForm({
      request,
      onFile: async (part) => {
        if (part.fieldname !== 'file' || upload) return drain(part.file);
        const staged = await stageStream({ config: opts.config, stream: part.file, maxBytes });
        upload = { staged, filename: cleanFileName(part.filename) };
      },
    });
  } catch (err) {
    if (upload) await discardStagedFile({ staged: upload.staged });
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `The file is too large: at most ${maxBytes / 1024 / 1024} MB can be imported.`);
    throw err;
  }
  if (!upload) throw validationError([{ propertyPath: 'file', message: 'A file is required.' }]);
  return { ...upload, fields };
}
