import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimalIntOf } from '@cd/contracts/ids';
import {
  OFFER_LIST_MAX,
  ZOfferAudienceInputSchema,
  ZOfferAudienceSizeSchema,
  ZOfferCreateSchema,
  ZOfferListQuerySchema,
  ZOfferPatchSchema,
  ZOfferRecipientSchema,
  ZOfferScheduleSchema,
  ZOfferSchema,
  type TOfferListQuery,
} from '@cd/contracts/offers';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as offers from './offers.service';

const ZEmptyBodySchema = z.strictObject({}).nullish();
const ZRecipientsQuerySchema = z.object({
  'customer[gt]': decimalIntOf({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: OFFER_LIST_MAX }).optional(),
});

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);

function collectionOf(path: string, query: TOfferListQuery, page: offers.TOfferPage) {
  return keysetListCollection({ path, context: '/api/contexts/Offer', query, page });
}

/**
 * Offers (spec part 2 §7, docs/marketing-consent.md): CRUD while draft/scheduled/failed, send_immediately (GET as
 * the spec has it, and POST), schedule, audience_size, recipients; /api/marketing/offers for the marketing role.
 */
export async function offersRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['offers'];

  r.get('/api/offers', { schema: { tags, querystring: ZOfferListQuerySchema, response: { 200: cappedCollectionOf(ZOfferSchema), ...READ } } }, async (req) =>
    collectionOf('/api/offers', req.query, await offers.listOffers({ ctx: contextOf(deps, req), query: req.query })),
  );
  r.post('/api/offers', { schema: { tags, body: ZOfferCreateSchema, response: { 201: ZOfferSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await offers.createOffer({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.post(
    '/api/offers/audience_size',
    { schema: { tags, body: z.strictObject({ audience: ZOfferAudienceInputSchema }), response: { 200: ZOfferAudienceSizeSchema, ...WRITE } } },
    async (req) => offers.previewAudienceSize({ ctx: contextOf(deps, req), audience: req.body.audience }),
  );
  r.get('/api/offers/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZOfferSchema, ...READ } } }, async (req) =>
    offers.getOffer({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  for (const method of ['put', 'patch'] as const)
    r[method](
      '/api/offers/:id',
      { schema: { tags, params: ZIdParamsSchema, body: ZOfferPatchSchema, response: { 200: ZOfferSchema, ...WRITE } } },
      async (req) => offers.changeOffer({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
    );
  r.delete('/api/offers/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await offers.deleteOffer({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  r.get('/api/offers/:id/send_immediately', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZOfferSchema, ...WRITE } } }, async (req) =>
    offers.sendOfferNow({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/offers/:id/send_immediately',
    { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: { 200: ZOfferSchema, ...WRITE } } },
    async (req) => offers.sendOfferNow({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  for (const method of ['put', 'post'] as const)
    r[method](
      '/api/offers/:id/schedule',
      { schema: { tags, params: ZIdParamsSchema, body: ZOfferScheduleSchema, response: { 200: ZOfferSchema, ...WRITE } } },
      async (req) => offers.scheduleOffer({ ctx: contextOf(deps, req), id: req.params.id, scheduledAt: req.body.scheduledAt }),
    );
  r.get('/api/offers/:id/audience_size', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZOfferAudienceSizeSchema, ...READ } } }, async (req) =>
    offers.offerAudienceSize({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.get(
    '/api/offers/:id/recipients',
    { schema: { tags, params: ZIdParamsSchema, querystring: ZRecipientsQuerySchema, response: { 200: cappedCollectionOf(ZOfferRecipientSchema), ...READ } } },
    async (req) => {
      const limit = req.query.itemsPerPage ?? 50;
      const member = await offers.listOfferRecipients({ ctx: contextOf(deps, req), id: req.params.id, afterId: req.query['customer[gt]'], limit });
      const base = `/api/offers/${req.params.id}/recipients?itemsPerPage=${limit}`;
      const lastId = member.at(-1)?.customer.split('/').pop();
      return {
        '@context': '/api/contexts/OfferRecipient',
        '@id': `/api/offers/${req.params.id}/recipients`,
        '@type': 'Collection' as const,
        member,
        view: {
          '@id': req.query['customer[gt]'] ? `${base}&customer[gt]=${req.query['customer[gt]']}` : base,
          '@type': 'PartialCollectionView' as const,
          first: base,
          ...(member.length === limit && lastId ? { next: `${base}&customer[gt]=${lastId}` } : {}),
        },
      };
    },
  );

  // Marketing → Offers (spec §7 "Marketing offers"): the same offers with their results, for the marketing role.
  r.get(
    '/api/marketing/offers',
    { schema: { tags: ['marketing'], querystring: ZOfferListQuerySchema, response: { 200: cappedCollectionOf(ZOfferSchema), ...READ } } },
    async (req) =>
      collectionOf('/api/marketing/offers', req.query, await offers.listOffers({ ctx: contextOf(deps, req), query: req.query, area: 'marketing' })),
  );
  r.post(
    '/api/marketing/offers',
    { schema: { tags: ['marketing'], body: ZOfferCreateSchema, response: { 201: ZOfferSchema, ...WRITE } } },
    async (req, reply) => reply.status(201).send(await offers.createOffer({ ctx: contextOf(deps, req), body: req.body, area: 'marketing' })),
  );
}
