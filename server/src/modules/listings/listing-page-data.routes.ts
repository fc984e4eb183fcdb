import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGenerateListingDataRequestSchema, ZGeneratedListingDataSchema } from '@cd/contracts/interests';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { generateListingDataByUrl } from './listing-page-data';

/**
 * POST /api/listings/generate_data_by_url {url} (spec part 2 §7): prefills the new-listing form from the listing's
 * page. The page is fetched by lib/safe-fetch.ts (public addresses only); see docs/real-estate.md.
 */
export async function listingPageDataRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/listings/generate_data_by_url',
    {
      schema: {
        tags: ['listings'],
        body: ZGenerateListingDataRequestSchema,
        response: { 200: ZGeneratedListingDataSchema, ...errorResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (req) => generateListingDataByUrl({ ctx: contextOf(deps, req), url: req.body.url }),
  );
}
