import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZWebhookDeliveryListQuerySchema,
  ZWebhookDeliverySchema,
  ZWebhookEndpointCreateSchema,
  ZWebhookEndpointPatchSchema,
  ZWebhookEndpointSchema,
  ZWebhookEndpointWithSecretSchema,
  ZWebhookSecretSchema,
  type TWebhookDeliveryListQuery,
} from '@cd/contracts/outgoing-webhooks';
import type { TAppDeps } from '../../context';
import { listFilterParams, toCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as webhooks from './outgoing-webhooks.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);
const PATH = '/api/webhook_endpoints';
const DELIVERIES = '/api/webhook_deliveries';

function deliveriesCollection(endpointId: number, query: TWebhookDeliveryListQuery, page: webhooks.TDeliveryPage) {
  const base = `${PATH}/${endpointId}/deliveries`;
  const params = listFilterParams({ query, cursorKeys: ['id[lt]'] }).toString();
  const first = params ? `${base}?${params}` : base;
  const at = (idLt: number) => `${base}?${params ? `${params}&` : ''}id[lt]=${idLt}`;
  return {
    '@context': '/api/contexts/WebhookDelivery',
    '@id': base,
    '@type': 'Collection' as const,
    member: page.member,
    view: {
      '@id': query['id[lt]'] ? at(query['id[lt]']) : first,
      '@type': 'PartialCollectionView' as const,
      first,
      ...(page.next ? { next: at(page.next) } : {}),
    },
  };
}

/** Outgoing webhooks (issue 21): company admins only. docs/outgoing-webhooks.md. */
export async function outgoingWebhooksRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhook endpoints'];

  r.get(PATH, { schema: { tags, response: { 200: hydraCollectionOf(ZWebhookEndpointSchema), ...READ } } }, async (req) => {
    const member = await webhooks.listEndpoints({ ctx: contextOf(deps, req) });
    return toCollection({ path: PATH, query: {}, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
  });
  r.post(PATH, { schema: { tags, body: ZWebhookEndpointCreateSchema, response: { 201: ZWebhookEndpointWithSecretSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await webhooks.createEndpoint({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.get(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZWebhookEndpointSchema, ...READ } } }, async (req) =>
    webhooks.getEndpoint({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.patch(
    `${PATH}/:id`,
    { schema: { tags, params: ZIdParamsSchema, body: ZWebhookEndpointPatchSchema, response: { 200: ZWebhookEndpointSchema, ...WRITE } } },
    async (req) => webhooks.changeEndpoint({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.delete(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await webhooks.deleteEndpoint({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  r.get(`${PATH}/:id/secret`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZWebhookSecretSchema, ...READ } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return webhooks.revealSecret({ ctx: contextOf(deps, req), id: req.params.id });
  });
  r.post(
    `${PATH}/:id/roll_secret`,
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZWebhookEndpointWithSecretSchema, ...WRITE } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.rollSecret({ ctx: contextOf(deps, req), id: req.params.id });
    },
  );
  r.post(`${PATH}/:id/test`, { schema: { tags, params: ZIdParamsSchema, response: { 202: ZWebhookDeliverySchema, ...WRITE } } }, async (req, reply) =>
    reply.status(202).send(await webhooks.sendTestEvent({ ctx: contextOf(deps, req), endpointId: req.params.id })),
  );
  r.get(
    `${PATH}/:id/deliveries`,
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        querystring: ZWebhookDeliveryListQuerySchema,
        response: { 200: cappedCollectionOf(ZWebhookDeliverySchema), ...READ },
      },
    },
    async (req) =>
      deliveriesCollection(req.params.id, req.query, await webhooks.listDeliveries({ ctx: contextOf(deps, req), endpointId: req.params.id, query: req.query })),
  );
  r.get(`${DELIVERIES}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZWebhookDeliverySchema, ...READ } } }, async (req) =>
    webhooks.getDelivery({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(`${DELIVERIES}/:id/replay`, { schema: { tags, params: ZIdParamsSchema, response: { 202: ZWebhookDeliverySchema, ...WRITE } } }, async (req, reply) =>
    reply.status(202).send(await webhooks.replayDelivery({ ctx: contextOf(deps, req), id: req.params.id })),
  );
}
