import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZArAgingSummarySchema,
  ZArImportResultSchema,
  ZArTransactionListQuerySchema,
  ZArTransactionSchema,
  ZChargeCustomerCreateSchema,
  ZChargeCustomerListQuerySchema,
  ZChargeCustomerPatchSchema,
  ZChargeCustomerSchema,
} from '@cd/contracts/accounting';
import { ZIdStringSchema } from '@cd/contracts/ids';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, hydraCollectionOf, multipartBody } from '../../lib/openapi';
import { pageWindow, ZIdParamsSchema } from '../../lib/route-schemas';
import { readSingleFileUpload } from '../../lib/single-file-upload';
import { discardStagedFile } from '../../lib/storage';
import { contextOf } from '../../plugins/auth';
import { AR_IMPORT_MAX_BYTES, importCompanyOf, importTransactions } from './ar-import.service';
import * as customers from './charge-customers.service';

/** Accounts receivable (issue 17; spec part 2 §7 "Accounting"): charge customers, transactions, import, aging. */

const AUTHED = [400, 401, 403] as const;

export async function accountingRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounting'];
  const one = { 200: ZChargeCustomerSchema, ...errorResponses(...AUTHED, 404, 415, 422) };

  r.get(
    '/api/charge_customers',
    {
      schema: {
        tags,
        querystring: ZChargeCustomerListQuerySchema,
        response: { 200: hydraCollectionOf(ZChargeCustomerSchema), ...errorResponses(...AUTHED, 404) },
      },
    },
    async (req) => {
      const w = pageWindow({ ...req.query, pagination: undefined }, 30);
      const page = await customers.listChargeCustomers({ ctx: contextOf(deps, req), query: req.query, limit: w.itemsPerPage, offset: w.offset });
      return toCollection({
        path: '/api/charge_customers',
        query: req.query,
        member: page.member,
        totalItems: page.total,
        page: w.page,
        itemsPerPage: w.itemsPerPage,
        paginated: true,
      });
    },
  );
  r.get('/api/charge_customers/:id', { schema: { tags, params: ZIdParamsSchema, response: one } }, async (req) =>
    customers.getChargeCustomer({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/charge_customers',
    { schema: { tags, body: ZChargeCustomerCreateSchema, response: { 201: ZChargeCustomerSchema, ...errorResponses(...AUTHED, 404, 415, 422) } } },
    async (req, reply) => reply.status(201).send(await customers.createChargeCustomer({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.patch('/api/charge_customers/:id', { schema: { tags, params: ZIdParamsSchema, body: ZChargeCustomerPatchSchema, response: one } }, async (req) =>
    customers.changeChargeCustomer({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );

  r.get(
    '/api/automotive/transactions',
    {
      schema: {
        tags,
        querystring: ZArTransactionListQuerySchema,
        response: { 200: cappedCollectionOf(ZArTransactionSchema), ...errorResponses(...AUTHED, 404, 422) },
      },
    },
    async (req) => {
      const page = await customers.listTransactions({ ctx: contextOf(deps, req), query: req.query });
      const base = `/api/automotive/transactions?customer=${req.query.customer}`;
      return {
        '@context': '/api/contexts/Collection',
        '@id': base,
        '@type': 'Collection' as const,
        member: page.member,
        view: {
          '@id': req.query.before ? `${base}&before=${encodeURIComponent(req.query.before)}` : base,
          '@type': 'PartialCollectionView' as const,
          first: base,
          ...(page.next ? { next: `${base}&before=${encodeURIComponent(page.next)}` } : {}),
        },
      };
    },
  );
  r.get(
    '/api/automotive/aging',
    {
      schema: {
        tags,
        querystring: z.object({ company: ZIdStringSchema.optional() }),
        response: { 200: ZArAgingSummarySchema, ...errorResponses(...AUTHED, 404) },
      },
    },
    async (req) => customers.getAgingSummary({ ctx: contextOf(deps, req), company: req.query.company }),
  );
  r.post(
    '/api/automotive/transactions/import',
    {
      config: { openapi: multipartBody({ files: { file: { description: 'The DMS accounts-receivable export (CSV or .xlsx).', required: true } } }) },
      schema: { tags, response: { 200: ZArImportResultSchema, ...errorResponses(...AUTHED, 413, 415, 422) } },
    },
    async (req) => {
      const ctx = contextOf(deps, req);
      // Refused before the upload is read: no file of an unauthorised user touches the disk.
      const companyId = importCompanyOf(ctx);
      const upload = await readSingleFileUpload({ config: deps.config, request: req, maxBytes: AR_IMPORT_MAX_BYTES });
      try {
        return await importTransactions({ ctx, companyId, upload });
      } finally {
        await discardStagedFile({ staged: upload.staged });
      }
    },
  );
}
