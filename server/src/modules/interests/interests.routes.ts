import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdStringSchema } from '@cd/contracts/ids';
import {
  ZCustomerInterestCreateSchema,
  ZCustomerInterestListQuerySchema,
  ZCustomerInterestSchema,
  ZInterestCreateSchema,
  ZInterestedLeadsQuerySchema,
  ZInterestListQuerySchema,
  ZInterestPatchSchema,
  ZInterestSchema,
  ZListingInterestListQuerySchema,
  ZListingInterestPatchSchema,
  ZListingInterestSchema,
} from '@cd/contracts/interests';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as interests from './interests.service';
import * as listingInterests from './listing-interests.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);
const ZPairParamsSchema = z.object({ customerId: ZIdStringSchema, interestId: ZIdStringSchema });

/**
 * Interests (spec part 2 §7): /api/interests (categories), /api/customer_interests (members),
 * /api/listing_interests and /api/listings/{id}/interested_leads (a listing's interested customers).
 */
export async function interestsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['interests'];

  r.get(
    '/api/interests',
    { schema: { tags, querystring: ZInterestListQuerySchema, response: { 200: cappedCollectionOf(ZInterestSchema), ...READ } } },
    async (req) =>
      keysetListCollection({
        path: '/api/interests',
        context: '/api/contexts/Interest',
        query: req.query,
        page: await interests.listInterests({ ctx: contextOf(deps, req), query: req.query }),
      }),
  );
  r.get('/api/interests/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZInterestSchema, ...READ } } }, async (req) =>
    interests.getInterest({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/interests', { schema: { tags, body: ZInterestCreateSchema, response: { 201: ZInterestSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await interests.createInterest({ ctx: contextOf(deps, req), body: req.body })),
  );
  for (const method of ['patch', 'put'] as const)
    r[method](
      '/api/interests/:id',
      { schema: { tags, params: ZIdParamsSchema, body: ZInterestPatchSchema, response: { 200: ZInterestSchema, ...WRITE } } },
      async (req) => interests.changeInterest({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
    );
  r.delete('/api/interests/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await interests.deleteInterest({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });

  r.get(
    '/api/customer_interests',
    { schema: { tags, querystring: ZCustomerInterestListQuerySchema, response: { 200: cappedCollectionOf(ZCustomerInterestSchema), ...READ } } },
    async (req) =>
      keysetListCollection({
        path: '/api/customer_interests',
        context: '/api/contexts/CustomerInterest',
        query: req.query,
        page: await interests.listCustomerInterests({ ctx: contextOf(deps, req), query: req.query }),
      }),
  );
  // 201 when added, 200 when the customer already was in the category.
  r.post(
    '/api/customer_interests',
    { schema: { tags, body: ZCustomerInterestCreateSchema, response: { 200: ZCustomerInterestSchema, 201: ZCustomerInterestSchema, ...WRITE } } },
    async (req, reply) => {
      const { resource, created } = await interests.addCustomerInterest({ ctx: contextOf(deps, req), body: req.body });
      return reply.status(created ? 201 : 200).send(resource);
    },
  );
  r.delete(
    '/api/customer_interests/:customerId/:interestId',
    { schema: { tags, params: ZPairParamsSchema, response: { ...noContent, ...WRITE } } },
    async (req, reply) => {
      await interests.removeCustomerInterest({ ctx: contextOf(deps, req), customerId: req.params.customerId, interestId: req.params.interestId });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/listing_interests',
    { schema: { tags, querystring: ZListingInterestListQuerySchema, response: { 200: cappedCollectionOf(ZListingInterestSchema), ...READ } } },
    async (req) =>
      keysetListCollection({
        path: '/api/listing_interests',
        context: '/api/contexts/ListingInterest',
        query: req.query,
        page: await listingInterests.listListingInterests({ ctx: contextOf(deps, req), query: req.query }),
      }),
  );
  r.get('/api/listing_interests/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZListingInterestSchema, ...READ } } }, async (req) =>
    listingInterests.getListingInterest({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.patch(
    '/api/listing_interests/:id',
    { schema: { tags, params: ZIdParamsSchema, body: ZListingInterestPatchSchema, response: { 200: ZListingInterestSchema, ...WRITE } } },
    async (req) => listingInterests.changeListingInterest({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.get(
    '/api/listings/:id/interested_leads',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        querystring: ZInterestedLeadsQuerySchema,
        response: { 200: cappedCollectionOf(ZListingInterestSchema), ...READ },
      },
    },
    async (req) =>
      keysetListCollection({
        path: `/api/listings/${req.params.id}/interested_leads`,
        context: '/api/contexts/ListingInterest',
        query: req.query,
        page: await listingInterests.listInterestedLeads({ ctx: contextOf(deps, req), listingId: req.params.id, query: req.query }),
      }),
  );
}
