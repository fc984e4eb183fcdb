import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLeadListQuerySchema, ZLeadPatchSchema, ZLeadSchema, type TLeadListQuery } from '@cd/contracts/leads';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { changeLead, getLead, listLeads, type TLeadPage } from './leads.service';

const PATH = '/api/marketing/leads';

function collectionOf(query: TLeadListQuery, page: TLeadPage) {
  return keysetListCollection({ path: PATH, context: '/api/contexts/MarketingLead', query, page });
}

/** Marketing leads (spec part 2 §7 GET /api/marketing/leads): the list newest first, one lead, its status and note. */
export async function leadsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketing'];
  r.get(
    PATH,
    { schema: { tags, querystring: ZLeadListQuerySchema, response: { 200: cappedCollectionOf(ZLeadSchema), ...errorResponses(400, 401, 403) } } },
    async (req) => collectionOf(req.query, await listLeads({ ctx: contextOf(deps, req), query: req.query })),
  );
  r.get(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZLeadSchema, ...errorResponses(400, 401, 403, 404) } } }, async (req) =>
    getLead({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.patch(
    `${PATH}/:id`,
    { schema: { tags, params: ZIdParamsSchema, body: ZLeadPatchSchema, response: { 200: ZLeadSchema, ...errorResponses(400, 401, 403, 404, 415, 422) } } },
    async (req) => changeLead({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
}
