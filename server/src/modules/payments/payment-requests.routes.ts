import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaymentRequestCreateSchema, ZPaymentRequestListQuerySchema, ZPaymentRequestSchema } from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import { listFilterParams, timeKeysetCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as actions from './payment-requests.actions';

/** A request body is a few hundred lines at most. */
const CREATE_BODY_LIMIT = 256 * 1024;

/** Payment requests (spec part 2 §3, §7 payment_requests): create, list, one, resend, cancel. */
export async function paymentRequestsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment_requests'];
  r.post(
    '/api/payment_requests',
    {
      bodyLimit: CREATE_BODY_LIMIT,
      schema: { tags, body: ZPaymentRequestCreateSchema, response: { 201: ZPaymentRequestSchema, ...errorResponses(400, 401, 403, 413, 415, 422) } },
    },
    async (req, reply) => reply.status(201).send(await actions.createPaymentRequestAction({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.get(
    '/api/payment_requests',
    {
      schema: {
        tags,
        querystring: ZPaymentRequestListQuerySchema,
        response: { 200: cappedCollectionOf(ZPaymentRequestSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const q = req.query;
      const before = q['createdAt[strictly_before]'];
      const page = await actions.listPaymentRequestsAction({
        ctx: contextOf(deps, req),
        query: q,
        before: before ? new Date(before) : undefined,
        idLt: q['id[lt]'],
      });
      return timeKeysetCollection({
        path: '/api/payment_requests',
        context: '/api/contexts/PaymentRequest',
        params: listFilterParams({ query: req.query, cursorKeys: ['createdAt[strictly_before]', 'id[lt]', 'exactTotal'] }),
        timeField: 'createdAt',
        strictlyBefore: before,
        idLt: q['id[lt]'],
        page,
      });
    },
  );
  r.get(
    '/api/payment_requests/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZPaymentRequestSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => actions.getPaymentRequestAction({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  // Actions take no body; an empty JSON object is accepted too (some clients always send one).
  const noBody = z.strictObject({}).nullish();
  r.post(
    '/api/payment_requests/:id/resend',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: noBody,
        response: { 200: ZPaymentRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (req) => actions.resendPaymentRequestAction({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/payment_requests/:id/cancel',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: noBody,
        response: { 200: ZPaymentRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (req) => actions.cancelPaymentRequestAction({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
