import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCustomerImportPreviewSchema, ZCustomerImportSchema } from '@cd/contracts/customer-import';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { toCollection, ZPageQuerySchema } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { readSingleFileUpload } from '../../lib/single-file-upload';
import { pageWindow, ZIdParamsSchema } from '../../lib/route-schemas';
import { discardStagedFile } from '../../lib/storage';
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

/**
 * Reads the form: the `file` part streams to a temp file at once (a 50,000-row list never sits in memory), text
 * fields are collected. The caller must consume `upload` (import) or discard it (preview, refusals).
 */
async function readImportForm(opts: { deps: TAppDeps; request: FastifyRequest }) {
  const { staged, filename, fields } = await readSingleFileUpload({ config: opts.deps.config, request: opts.request, maxBytes: service.IMPORT_MAX_BYTES });
  const upload: service.TImportUpload = { staged, filename };
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
