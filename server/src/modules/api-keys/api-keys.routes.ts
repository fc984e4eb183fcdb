import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiKeyCreatedSchema, ZApiKeyCreateSchema, ZApiKeyListQuerySchema, ZApiKeySchema } from '@cd/contracts/api-keys';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './api-keys.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);
const PATH = '/api/api_keys';

/** Public API keys (issue 21, docs/public-api.md): list, create (the secret answered once), read, revoke. */
export async function apiKeysRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-keys'];

  r.get(PATH, { schema: { tags, querystring: ZApiKeyListQuerySchema, response: { 200: hydraCollectionOf(ZApiKeySchema), ...READ } } }, async (req) => {
    const member = await service.listApiKeys({ ctx: contextOf(deps, req), query: req.query });
    return toCollection({ path: PATH, query: req.query, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
  });
  r.get(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZApiKeySchema, ...READ } } }, async (req) =>
    service.getApiKey({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(PATH, { schema: { tags, body: ZApiKeyCreateSchema, response: { 201: ZApiKeyCreatedSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await service.createApiKey({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.delete(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await service.revokeApiKey({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
}
