import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGenerateKeywordsResultSchema, ZGenerateKeywordsSchema, ZKeywordCreateSchema, ZKeywordListQuerySchema, ZKeywordSchema } from '@cd/contracts/listings';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as keywords from './keywords.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);

/** Keywords (spec part 2 §7): /api/keywords and POST /api/companies/{id}/generate_keywords (super admin writes). */
export async function keywordsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['keywords'];

  r.get(
    '/api/keywords',
    { schema: { tags, querystring: ZKeywordListQuerySchema, response: { 200: hydraCollectionOf(ZKeywordSchema), ...READ } } },
    async (req) => {
      const page = await keywords.listKeywords({ ctx: contextOf(deps, req), query: req.query });
      return toCollection({ path: '/api/keywords', query: req.query, ...page });
    },
  );
  r.get('/api/keywords/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZKeywordSchema, ...READ } } }, async (req) =>
    keywords.getKeyword({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/keywords', { schema: { tags, body: ZKeywordCreateSchema, response: { 201: ZKeywordSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await keywords.createKeyword({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.delete('/api/keywords/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await keywords.deleteKeyword({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  r.post(
    '/api/companies/:id/generate_keywords',
    { schema: { tags, params: ZIdParamsSchema, body: ZGenerateKeywordsSchema, response: { 201: ZGenerateKeywordsResultSchema, ...WRITE } } },
    async (req, reply) =>
      reply.status(201).send(await keywords.generateKeywords({ ctx: contextOf(deps, req), companyId: req.params.id, count: req.body.count })),
  );
}
