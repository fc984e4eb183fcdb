import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZRoutingDecisionSchema,
  ZRoutingRuleCreateSchema,
  ZRoutingRuleOrderSchema,
  ZRoutingRulePatchSchema,
  ZRoutingRuleSchema,
  ZRoutingSettingsPatchSchema,
  ZRoutingSettingsSchema,
  ZRoutingTakeResultSchema,
} from '@cd/contracts/routing';
import { ZCustomerSchema, type TCustomer } from '@cd/contracts/customer';
import { decimalIntOf } from '@cd/contracts/ids';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent } from '../../lib/openapi';
import { encodeBumpedCursor, ZBumpedCursorSchema, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as routing from './routing.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);

const collection = <T extends z.ZodType>(item: T) =>
  z.object({ '@context': z.string(), '@id': z.string(), '@type': z.literal('Collection'), member: z.array(item), totalItems: z.number().int() });

function listOf<T>(path: string, member: T[]) {
  return toCollection({ path, query: {}, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
}

const ZQueueQuerySchema = z.object({ itemsPerPage: decimalIntOf({ min: 1, max: 100 }).default(15), before: ZBumpedCursorSchema.optional() });

function queuePage(opts: { itemsPerPage: number; page: { member: TCustomer[]; hasMore: boolean; last?: { bumpedAt: Date | null; id: number } } }) {
  const { page } = opts;
  const link = (cursor?: { bumpedAt: Date | null; id: number }) => {
    const q = new URLSearchParams({ itemsPerPage: String(opts.itemsPerPage) });
    if (cursor) q.set('before', encodeBumpedCursor(cursor));
    return `/api/routing/unassigned?${q.toString()}`;
  };
  return {
    '@context': '/api/contexts/Customer',
    '@id': '/api/routing/unassigned',
    '@type': 'Collection' as const,
    member: page.member,
    view: {
      '@id': link(),
      '@type': 'PartialCollectionView' as const,
      first: link(),
      ...(page.hasMore && page.last ? { next: link(page.last) } : {}),
    },
  };
}

/** Routing and response-time promises (issue 21; docs/routing.md). */
export async function routingRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['routing'];

  r.get('/api/routing/settings', { schema: { tags, response: { 200: ZRoutingSettingsSchema, ...READ } } }, async (req) =>
    routing.getRoutingSettings({ ctx: contextOf(deps, req) }),
  );
  r.patch('/api/routing/settings', { schema: { tags, body: ZRoutingSettingsPatchSchema, response: { 200: ZRoutingSettingsSchema, ...WRITE } } }, async (req) =>
    routing.changeRoutingSettings({ ctx: contextOf(deps, req), body: req.body }),
  );
  r.get('/api/routing/rules', { schema: { tags, response: { 200: collection(ZRoutingRuleSchema), ...READ } } }, async (req) =>
    listOf('/api/routing/rules', await routing.listRoutingRules({ ctx: contextOf(deps, req) })),
  );
  r.post('/api/routing/rules', { schema: { tags, body: ZRoutingRuleCreateSchema, response: { 201: ZRoutingRuleSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await routing.createRoutingRule({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.patch(
    '/api/routing/rules/:id',
    { schema: { tags, params: ZIdParamsSchema, body: ZRoutingRulePatchSchema, response: { 200: ZRoutingRuleSchema, ...WRITE } } },
    async (req) => routing.changeRoutingRule({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.delete('/api/routing/rules/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await routing.deleteRoutingRule({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  r.put(
    '/api/routing/rule_order',
    { schema: { tags, body: ZRoutingRuleOrderSchema, response: { 200: collection(ZRoutingRuleSchema), ...WRITE } } },
    async (req) => listOf('/api/routing/rules', await routing.reorderRoutingRules({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.get(
    '/api/routing/conversations/:id/decisions',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: collection(ZRoutingDecisionSchema), ...READ } } },
    async (req) =>
      listOf(
        `/api/routing/conversations/${req.params.id}/decisions`,
        await routing.listRoutingDecisions({ ctx: contextOf(deps, req), customerId: req.params.id }),
      ),
  );
  r.get(
    '/api/routing/unassigned',
    { schema: { tags, querystring: ZQueueQuerySchema, response: { 200: cappedCollectionOf(ZCustomerSchema), ...READ } } },
    async (req) => {
      const page = await routing.listUnassignedConversations({ ctx: contextOf(deps, req), limit: req.query.itemsPerPage, before: req.query.before });
      return queuePage({ itemsPerPage: req.query.itemsPerPage, page });
    },
  );
  r.post(
    '/api/routing/conversations/:id/take',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZRoutingTakeResultSchema, ...WRITE } } },
    async (req) => routing.takeConversation({ ctx: contextOf(deps, req), customerId: req.params.id }),
  );
}
