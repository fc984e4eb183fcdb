import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiRequestDetailSchema, ZApiRequestListQuerySchema, ZApiRequestSchema } from '@cd/contracts/dev-logs';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './api-requests.service';

/** The outgoing API log (issue 20, /development/api): super admins only. */
export async function apiRequestsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['development'];
  r.get(
    '/api/development/api_requests',
    {
      schema: {
        tags,
        summary: 'Calls the product made to outside systems, newest first (redacted).',
        querystring: ZApiRequestListQuerySchema,
        response: { 200: cappedCollectionOf(ZApiRequestSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (req) =>
      keysetListCollection({
        path: '/api/development/api_requests',
        context: '/api/contexts/ApiRequest',
        query: req.query,
        page: await service.listApiRequests({ ctx: contextOf(deps, req), query: req.query }),
      }),
  );
  r.get(
    '/api/development/api_requests/:id',
    {
      schema: {
        tags,
        summary: 'One outside call with its redacted headers and bodies.',
        params: ZIdParamsSchema,
        response: { 200: ZApiRequestDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.getApiRequest({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
