import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZArchiveListingSchema,
  ZAssignKeywordSchema,
  ZChangeAgentSchema,
  ZListingCreateSchema,
  ZListingListQuerySchema,
  ZListingPatchSchema,
  ZListingSchema,
  ZUnarchiveListingSchema,
} from '@cd/contracts/listings';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as listings from './listings.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);

/**
 * Listings (spec part 2 §7): /api/listings (newest first; `archived=true` is the archived list), the generic entity
 * calls and the PUT actions assign_keyword, change_agent, archive, unarchive.
 */
export async function listingsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['listings'];

  r.get(
    '/api/listings',
    { schema: { tags, querystring: ZListingListQuerySchema, response: { 200: cappedCollectionOf(ZListingSchema), ...READ } } },
    async (req) => {
      const query = req.query;
      const page = await listings.listListings({ ctx: contextOf(deps, req), query });
      return keysetListCollection({ path: '/api/listings', context: '/api/contexts/Listing', query, page });
    },
  );
  r.get('/api/listings/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZListingSchema, ...READ } } }, async (req) =>
    listings.getListing({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/listings', { schema: { tags, body: ZListingCreateSchema, response: { 201: ZListingSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await listings.createListing({ ctx: contextOf(deps, req), body: req.body })),
  );
  for (const method of ['put', 'patch'] as const)
    r[method](
      '/api/listings/:id',
      { schema: { tags, params: ZIdParamsSchema, body: ZListingPatchSchema, response: { 200: ZListingSchema, ...WRITE } } },
      async (req) => listings.changeListing({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
    );
  r.delete('/api/listings/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await listings.deleteListing({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  r.put(
    '/api/listings/:id/assign_keyword',
    { schema: { tags, params: ZIdParamsSchema, body: ZAssignKeywordSchema, response: { 200: ZListingSchema, ...WRITE } } },
    async (req) => listings.assignKeyword({ ctx: contextOf(deps, req), id: req.params.id, keywordId: req.body.keyword_id }),
  );
  r.put(
    '/api/listings/:id/change_agent',
    { schema: { tags, params: ZIdParamsSchema, body: ZChangeAgentSchema, response: { 200: ZListingSchema, ...WRITE } } },
    async (req) => listings.changeAgent({ ctx: contextOf(deps, req), id: req.params.id, agentId: req.body.agent_id }),
  );
  r.put(
    '/api/listings/:id/archive',
    { schema: { tags, params: ZIdParamsSchema, body: ZArchiveListingSchema, response: { 200: ZListingSchema, ...WRITE } } },
    async (req) => listings.archiveListing({ ctx: contextOf(deps, req), id: req.params.id, newStatus: req.body.new_status }),
  );
  r.put(
    '/api/listings/:id/unarchive',
    { schema: { tags, params: ZIdParamsSchema, body: ZUnarchiveListingSchema, response: { 200: ZListingSchema, ...WRITE } } },
    async (req) => listings.unarchiveListing({ ctx: contextOf(deps, req), id: req.params.id, keywordId: req.body.keyword_id, newStatus: req.body.new_status }),
  );
}
