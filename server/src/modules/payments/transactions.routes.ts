import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZPaymentRefundBodySchema,
  ZPaymentTransactionDetailSchema,
  ZPaymentTransactionListQuerySchema,
  ZPaymentTransactionTotalsSchema,
  ZSyncCustomersBodySchema,
  ZSyncCustomersResultSchema,
} from '@cd/contracts/payment-operations';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { listFilterParams, timeKeysetCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, textResponse } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { refundTransaction } from './refunds.service';
import { syncPaymentCustomers } from './sync-customers.service';
import { terminalsRoutes } from './terminals.routes';
import * as service from './transactions.service';

const ZPageSchema = cappedCollectionOf(ZPaymentTransactionDetailSchema).extend({
  /** The filter's sums, on the first page only. */
  totals: ZPaymentTransactionTotalsSchema.optional(),
});
const ZRefundResultSchema = z.object({ sale: ZPaymentTransactionDetailSchema, refund: ZPaymentTransactionDetailSchema });

/** /api/payment/transactions (issue 17): the list with totals, CSV, one transaction, refunds; and sync customers. */
export async function transactionsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  r.get(
    '/api/payment/transactions',
    { schema: { tags, querystring: ZPaymentTransactionListQuerySchema, response: { 200: ZPageSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const q = req.query;
      const page = await service.listTransactions({ ctx: contextOf(deps, req), query: q });
      return {
        ...timeKeysetCollection({
          path: '/api/payment/transactions',
          context: '/api/contexts/PaymentTransaction',
          params: listFilterParams({ query: req.query, cursorKeys: ['createdAt[strictly_before]', 'id[lt]', 'exactTotal'] }),
          timeField: 'createdAt',
          strictlyBefore: q['createdAt[strictly_before]'],
          idLt: q['id[lt]'],
          page,
        }),
        ...(page.totals ? { totals: page.totals } : {}),
      };
    },
  );
  r.get(
    '/api/payment/transactions/export.csv',
    {
      schema: {
        tags,
        querystring: ZPaymentTransactionListQuerySchema,
        response: {
          200: textResponse({ contentType: 'text/csv', description: 'The filtered transactions as CSV (newest first), streamed.' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) => {
      const stream = service.exportTransactionsCsv({ ctx: contextOf(deps, req), query: req.query });
      // A stream is sent as is (no serializer); the typed reply only knows the documented string body.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(stream);
    },
  );
  r.get(
    '/api/payment/transactions/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZPaymentTransactionDetailSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => service.getTransaction({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/payment/transactions/:id/refund',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: ZPaymentRefundBodySchema,
        response: { 200: ZRefundResultSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => refundTransaction({ ctx: contextOf(deps, req), id: req.params.id, body: req.body ?? {}, log: req.log }),
  );
  r.post(
    '/api/payment/sync_customers',
    {
      schema: {
        tags,
        body: ZSyncCustomersBodySchema,
        response: { 200: ZSyncCustomersResultSchema, ...errorResponses(400, 401, 403, 404, 415, 422, 502, 503) },
      },
    },
    async (req) => syncPaymentCustomers({ ctx: contextOf(deps, req), companyId: req.body.company, log: req.log }),
  );
}

/** Every route of the staff-side payment operations (transactions, refunds, terminals), registered from app.ts. */
export async function paymentOperationsRoutes(app: FastifyInstance, deps: TAppDeps) {
  await transactionsRoutes(app, deps);
  await terminalsRoutes(app, deps);
}
