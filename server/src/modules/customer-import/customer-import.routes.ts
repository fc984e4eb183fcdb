import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCustomerImportPreviewSchema, ZCustomerImportSchema } from '@cd/contracts/customer-import';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { AppError, validationError } from '../../lib/errors';
import { toCollection, ZPageQuerySchema } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { readMultipartForm } from '../../lib/multipart-form';
import { pageWindow, ZIdParamsSchema } from '../../lib/route-schemas';
import { discardStagedFile, FileTooLargeError, stageStream } from '../../lib/storage';
import { contextOf } from '../../plugins/auth';
import * as service from './customer-import.service';
import { multipartBody } from '../../lib/openapi';

const IMPORT_FILE = { file: { description: 'The customer list (CSV or spreadsheet).', required: true } };
const PREVIEW_FORM = multipartBody({ files: IMPORT_FILE, description: 'The list to preview; nothing is stored.' });
/** The import form as sent on the wire (service's ZImportFieldsSchema parses these strings). */
const IMPORT_FORM = multipartBody({
  files: IMPORT_FILE,
  fields: z.object({
    mapping: z.string().describe('JSON object {field: column name}; a column must be mapped to phone.'),
    consentSource: z.string().max(50).optional().describe('Where consent came from; default "import".'),
    tags: z.string().optional().describe('JSON array of up to 20 tags for every imported customer.'),
    optedIn: z.enum(['true', 'false', '1', '0', 'on', 'off']).optional(),
    user: z.string().optional().describe('Owner of created customers (/api/users/{id}); admins only.'),
  }),
});

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // Discarded: an extra file part must still be read for the parser to reach the next part.
  }
}

/** Display name only (never used on disk): last path segment, printable, bounded. */
function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return base || 'import';
}

/**
 * Reads the form: the `file` part streams to a temp file at once (a 50,000-row list never sits in memory), text
 * fields are collected. The caller must consume `upload` (import) or discard it (preview, refusals).
 */
async function readImportForm(opts: { deps: TAppDeps; request: FastifyRequest }) {
  const { deps, request } = opts;
  if (!request.isMultipart())
    throw validationError([{ propertyPath: 'file', message: 'Send the file as multipart/form-data in a "file" field.' }]);
  let upload: service.TImportUpload | undefined;
  let fields: Record<string, string>;
  try {
    fields = await readMultipartForm({
      request,
      onFile: async (part) => {
        if (part.fieldname !== 'file' || upload) {
          await drain(part.file);
          return;
        }
        const staged = await stageStream({ config: deps.config, stream: part.file, maxBytes: service.IMPORT_MAX_BYTES });
        upload = { staged, filename: cleanFileName(part.filename) };
      },
    });
  } catch (err) {
    if (upload) await discardStagedFile({ staged: upload.staged });
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `The file is too large: at most ${service.IMPORT_MAX_BYTES / 1024 / 1024} MB can be imported.`);
    throw err;
  }
  if (!upload) throw validationError([{ propertyPath: 'file', message: 'A file is required.' }]);
  return { fields, upload };
}

// Every route needs a token (401), a selected company (400) and company admin or the communication role (403); a NUL
// character anywhere in the request is a 400 too. Uploads answer 413 over the size limit and 422 for a bad file.
const AUTHED = [400, 401, 403] as const;
const UPLOAD = [...AUTHED, 413, 415, 422] as const;

export async function customerImportRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customer_imports'];

  r.post('/api/customers/import/preview', { config: { openapi: PREVIEW_FORM }, schema: { tags, response: { 200: ZCustomerImportPreviewSchema, ...errorResponses(...UPLOAD) } } }, async (req) => {
    const ctx = contextOf(deps, req);
    // Refused before the upload is read: no file of an unauthorised user touches the disk.
    service.importScopeOf(ctx);
    const { upload } = await readImportForm({ deps, request: req });
    try {
      return await service.previewCustomerImport({ ctx, upload });
    } finally {
      await discardStagedFile({ staged: upload.staged });
    }
  });

  r.post('/api/customers/import', { config: { openapi: IMPORT_FORM }, schema: { tags, response: { 202: ZCustomerImportSchema, ...errorResponses(...UPLOAD) } } }, async (req, reply) => {
    const ctx = contextOf(deps, req);
    service.importScopeOf(ctx);
    const { fields, upload } = await readImportForm({ deps, request: req });
    try {
      const resource = await service.createCustomerImport({ ctx, upload, fields });
      return reply.status(202).header('content-location', resource['@id']).send(resource);
    } finally {
      // Moved into storage on success; removing the temp path afterwards is a no-op then.
      await discardStagedFile({ staged: upload.staged });
    }
  });

  r.get('/api/customer_imports', { schema: { tags, querystring: ZPageQuerySchema, response: { 200: hydraCollectionOf(ZCustomerImportSchema), ...errorResponses(...AUTHED) } } }, async (req) => {
    const w = pageWindow(req.query, 20);
    const limit = w.limit ?? 100;
    const page = await service.listCustomerImports({ ctx: contextOf(deps, req), limit, offset: w.offset });
    return toCollection({
      path: '/api/customer_imports',
      query: req.query,
      member: page.member,
      totalItems: page.total,
      page: w.page,
      itemsPerPage: w.itemsPerPage,
      paginated: w.paginated,
    });
  });

  r.get('/api/customer_imports/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerImportSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.getCustomerImport({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
