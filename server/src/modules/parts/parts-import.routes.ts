import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PARTS_TICKET_RESOURCE, ZPartsImportResultSchema, type TPartsImportKind, type TPartsTicketKind } from '@cd/contracts/parts';
import type { TAppDeps } from '../../context';
import { AppError, validationError } from '../../lib/errors';
import { readMultipartForm } from '../../lib/multipart-form';
import { errorResponses, multipartBody } from '../../lib/openapi';
import { discardStagedFile, FileTooLargeError, stageStream, type TStagedFile } from '../../lib/storage';
import { contextOf } from '../../plugins/auth';
import { requirePartsUser } from './parts.access';
import { importPartsFile, PARTS_IMPORT_MAX_BYTES } from './parts-import.service';

const FORM = multipartBody({
  files: { file: { description: 'A CSV or Excel (.xlsx) file with a header row.', required: true } },
  description: 'The file to import.',
});

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // An extra file part must still be read for the parser to reach the next part.
  }
}

/** The `file` part staged to a temp file (the caller discards it). */
async function readUpload(deps: TAppDeps, request: FastifyRequest): Promise<{ staged: TStagedFile; filename: string }> {
  if (!request.isMultipart()) throw validationError([{ propertyPath: 'file', message: 'Send the file as multipart/form-data in a "file" field.' }]);
  let upload: { staged: TStagedFile; filename: string } | undefined;
  try {
    await readMultipartForm({
      request,
      onFile: async (part) => {
        if (part.fieldname !== 'file' || upload) return drain(part.file);
        upload = {
          staged: await stageStream({ config: deps.config, stream: part.file, maxBytes: PARTS_IMPORT_MAX_BYTES }),
          filename: part.filename.slice(0, 255),
        };
      },
    });
  } catch (err) {
    if (upload) await discardStagedFile({ staged: upload.staged });
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `The file is too large: at most ${PARTS_IMPORT_MAX_BYTES / 1024 / 1024} MB can be imported.`);
    throw err;
  }
  if (!upload) throw validationError([{ propertyPath: 'file', message: 'A file is required.' }]);
  return upload;
}

/** POST /api/parts_customers/import, /api/parts_sales/import, /api/parts_counter_tickets/import (Excel or CSV). */
export async function partsImportRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const targets: [string, TPartsImportKind, TPartsTicketKind | undefined][] = [
    ['/api/parts_customers/import', 'customers', undefined],
    [`/api/${PARTS_TICKET_RESOURCE.sale}/import`, 'tickets', 'sale'],
    [`/api/${PARTS_TICKET_RESOURCE.counter_ticket}/import`, 'tickets', 'counter_ticket'],
  ];
  for (const [path, kind, ticketKind] of targets) {
    r.post(
      path,
      { config: { openapi: FORM }, schema: { tags: ['parts'], response: { 200: ZPartsImportResultSchema, ...errorResponses(400, 401, 403, 413, 415, 422) } } },
      async (req) => {
        const ctx = contextOf(deps, req);
        // Refused before the upload is read: no file of an unauthorised user touches the disk.
        requirePartsUser(ctx);
        const upload = await readUpload(deps, req);
        try {
          return await importPartsFile({ ctx, kind, ticketKind, staged: upload.staged, filename: upload.filename });
        } finally {
          await discardStagedFile({ staged: upload.staged });
        }
      },
    );
  }
}
