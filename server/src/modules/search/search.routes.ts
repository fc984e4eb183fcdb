import { ZSearchHitSchema, ZSearchQuerySchema } from '@cd/contracts/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { listFilterParams } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { searchCompany } from './search.service';

/** The client adds `impersonate` to every call while impersonating; the search's own parameters stay strict. */
const ZQuerySchema = ZSearchQuerySchema.extend({ impersonate: z.string().max(254).optional() });

export async function searchRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Full-text search over the messages, internal notes and customers (name, e-mail, phone digits) the caller may see, newest first; `view.next` carries the cursor of the next page.',
        querystring: ZQuerySchema,
        response: { 200: cappedCollectionOf(ZSearchHitSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (req) => {
      const { impersonate: _impersonate, ...query } = req.query;
      const page = await searchCompany({ ctx: contextOf(deps, req), query });
      const params = listFilterParams({ query: req.query as Record<string, unknown>, cursorKeys: ['cursor'] });
      const base = `/api/search?${params.toString()}`;
      return {
        '@context': '/api/contexts/SearchHit',
        '@id': '/api/search',
        '@type': 'Collection' as const,
        member: page.member,
        view: {
          '@id': query.cursor ? `${base}&cursor=${query.cursor}` : base,
          '@type': 'PartialCollectionView' as const,
          first: base,
          ...(page.next ? { next: `${base}&cursor=${page.next}` } : {}),
        },
      };
    },
  );
}
