import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idRefOf } from '@cd/contracts/ids';
import {
  ZRecurringRuleCreateSchema,
  ZRecurringRuleListQuerySchema,
  ZRecurringRulePatchSchema,
  ZRecurringRuleSchema,
  ZSavedCardListItemSchema,
  ZSavedCardListQuerySchema,
  ZSavedCardRevokeBodySchema,
  ZSavedCardRevokeResultSchema,
} from '@cd/contracts/payment-operations';
import { decimalIntOf } from '@cd/contracts/ids';
import type { TAppDeps } from '../../context';
import { timeKeysetCollection, toCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './recurring-rules.service';
import { listSavedCards } from './saved-cards.service';

const ZListQuerySchema = ZRecurringRuleListQuerySchema.extend({
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).optional(),
});
const ONE = { 200: ZRecurringRuleSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) };
const PATH = '/api/payment/recurring_rules';

/** Monthly charges of a saved card with the customer's recorded consent (issue 17; docs/payments.md "Recurring rules"). */
export async function recurringRulesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  r.get(
    PATH,
    { schema: { tags, querystring: ZListQuerySchema, response: { 200: cappedCollectionOf(ZRecurringRuleSchema), ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const q = req.query;
      const page = await service.listRules({ ctx: contextOf(deps, req), query: q });
      const params = new URLSearchParams();
      if (q.customer !== undefined) params.set('customer', String(q.customer));
      if (q.company !== undefined) params.set('company', String(q.company));
      if (q.itemsPerPage !== undefined) params.set('itemsPerPage', String(q.itemsPerPage));
      return timeKeysetCollection({
        path: PATH,
        context: '/api/contexts/RecurringRule',
        params,
        timeField: 'createdAt',
        strictlyBefore: q['createdAt[strictly_before]'],
        idLt: q['id[lt]'],
        page,
      });
    },
  );
  r.post(
    PATH,
    {
      schema: {
        tags,
        querystring: z.object({ company: idRefOf('companies').optional() }),
        body: ZRecurringRuleCreateSchema,
        response: { 201: ZRecurringRuleSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createRule({ ctx: contextOf(deps, req), body: req.body, companyId: req.query.company, log: req.log })),
  );
  r.get(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: ONE } }, async (req) =>
    service.getRule({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.patch(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, body: ZRecurringRulePatchSchema, response: ONE } }, async (req) =>
    service.patchRule({ ctx: contextOf(deps, req), id: req.params.id, patch: req.body }),
  );
  r.get(
    '/api/payment/saved_cards',
    {
      schema: {
        tags,
        querystring: ZSavedCardListQuerySchema,
        response: { 200: cappedCollectionOf(ZSavedCardListItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const member = await listSavedCards({ ctx: contextOf(deps, req), customerId: req.query.customer, company: req.query.company });
      return toCollection({
        path: '/api/payment/saved_cards',
        query: req.query,
        member,
        totalItems: member.length,
        page: 1,
        itemsPerPage: member.length,
        paginated: false,
      });
    },
  );
  r.post(
    '/api/payment/saved_cards/:id/revoke',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: ZSavedCardRevokeBodySchema,
        response: { 200: ZSavedCardRevokeResultSchema, ...errorResponses(400, 401, 403, 404, 415, 422) },
      },
    },
    async (req) => service.revokeSavedCard({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(`${PATH}/:id/cancel`, { schema: { tags, params: ZIdParamsSchema, body: z.strictObject({}).nullish(), response: ONE } }, async (req) =>
    service.cancelRule({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
