import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMarketingConsentCreateSchema, ZMarketingConsentSchema } from '@cd/contracts/offers';
import type { TAppDeps } from '../../context';
import { errorResponses, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { getCustomerMarketingConsent, grantCustomerMarketingConsent, revokeCustomerMarketingConsent } from './marketing.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);

/** A customer's marketing consent (docs/marketing-consent.md): view, record (source + wording), revoke. */
export async function marketingRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketing'];
  const path = '/api/customers/:id/marketing_consent';

  r.get(path, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZMarketingConsentSchema, ...READ } } }, async (req) =>
    getCustomerMarketingConsent({ ctx: contextOf(deps, req), customerId: req.params.id }),
  );
  r.post(
    path,
    { schema: { tags, params: ZIdParamsSchema, body: ZMarketingConsentCreateSchema, response: { 201: ZMarketingConsentSchema, ...WRITE } } },
    async (req, reply) => reply.status(201).send(await grantCustomerMarketingConsent({ ctx: contextOf(deps, req), customerId: req.params.id, body: req.body })),
  );
  r.delete(path, { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await revokeCustomerMarketingConsent({ ctx: contextOf(deps, req), customerId: req.params.id });
    return reply.status(204).send(null);
  });
}
