import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListingImportPreviewSchema, ZListingImportResultSchema } from '@cd/contracts/listings';
import type { TAppDeps } from '../../context';
import { errorResponses, multipartBody } from '../../lib/openapi';
import { readSingleFileUpload } from '../../lib/single-file-upload';
import { discardStagedFile } from '../../lib/storage';
import { contextOf } from '../../plugins/auth';
import { realEstateCompanyOf } from './listings.access';
import { importListingsFile, LISTING_IMPORT_MAX_BYTES, parseImportMapping, previewListingImport } from './listings-import.service';

const FORM = multipartBody({
  files: { file: { description: 'A CSV or Excel (.xlsx) file with a header row.', required: true } },
  fields: z.object({
    mapping: z
      .string()
      .optional()
      .describe('Optional JSON: column header → field (name, url, keyword, location, price, negotiable, status, agent, photoUrl, description) or null.'),
  }),
  description: 'The file to import.',
});

/** POST /api/listings/import and /api/listings/import/preview (Excel or CSV). */
export async function listingsImportRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['listings'];
  const errors = errorResponses(400, 401, 403, 413, 415, 422);
  for (const preview of [false, true]) {
    r.post(
      preview ? '/api/listings/import/preview' : '/api/listings/import',
      { config: { openapi: FORM }, schema: { tags, response: { 200: preview ? ZListingImportPreviewSchema : ZListingImportResultSchema, ...errors } } },
      async (req) => {
        const ctx = contextOf(deps, req);
        // Refused before the upload is read: no file of an unauthorised user touches the disk.
        realEstateCompanyOf(ctx);
        const upload = await readSingleFileUpload({ config: deps.config, request: req, maxBytes: LISTING_IMPORT_MAX_BYTES });
        try {
          const input = { ctx, staged: upload.staged, filename: upload.filename, mapping: parseImportMapping(upload.fields.mapping) };
          return preview ? await previewListingImport(input) : await importListingsFile(input);
        } finally {
          await discardStagedFile({ staged: upload.staged });
        }
      },
    );
  }
}
