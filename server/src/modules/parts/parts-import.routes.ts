import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PARTS_TICKET_RESOURCE, ZPartsImportResultSchema, type TPartsImportKind, type TPartsTicketKind } from '@cd/contracts/parts';
import type { TAppDeps } from '../../context';
import { errorResponses, multipartBody } from '../../lib/openapi';
import { readSingleFileUpload } from '../../lib/single-file-upload';
import { discardStagedFile } from '../../lib/storage';
import { contextOf } from '../../plugins/auth';
import { requirePartsUser } from './parts.access';
import { importPartsFile, PARTS_IMPORT_MAX_BYTES } from './parts-import.service';

const FORM = multipartBody({
  files: { file: { description: 'A CSV or Excel (.xlsx) file with a header row.', required: true } },
  description: 'The file to import.',
});

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
        const upload = await readSingleFileUpload({ config: deps.config, request: req, maxBytes: PARTS_IMPORT_MAX_BYTES });
        try {
          return await importPartsFile({ ctx, kind, ticketKind, staged: upload.staged, filename: upload.filename });
        } finally {
          await discardStagedFile({ staged: upload.staged });
        }
      },
    );
  }
}
