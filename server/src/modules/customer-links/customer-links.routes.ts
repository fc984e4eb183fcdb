import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCustomerLinkListQuerySchema, ZCustomerLinkSchema, ZLinkCodeParamsSchema, ZPublicLinkPageSchema } from '@cd/contracts/customer-link';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { WindowCounter } from '../../lib/rate-limiter';
import { contextOf } from '../../plugins/auth';
import * as service from './customer-links.service';

/**
 * Opens and answers per address and window, counted before any other work. The counter is incremented and compared
 * in one synchronous step, so requests arriving together cannot all read "under the limit" (no read-then-count).
 * Generous for a person (a page is opened, answered and reloaded a few times), tight for a script walking codes.
 */
export const LINK_REQUESTS_PER_IP = 30;
const LINK_WINDOW_MS = 60 * 1000;
/** An answer is a few line ids and choices; anything larger is not a customer's answer. */
export const LINK_ANSWER_BODY_LIMIT = 16 * 1024;

const PUBLIC_ERRORS = errorResponses(400, 404, 410, 429);

/** Customer links: the public pages behind `/r/{code}` (no sign-in) and the staff's view of an entity's links. */
export async function customerLinksRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = new WindowCounter(LINK_WINDOW_MS);
  const limit = (req: FastifyRequest) => {
    const key = `link:${req.ip}`;
    if (perIp.add(key) > LINK_REQUESTS_PER_IP)
      throw new AppError('rate_limited', 'Too many requests. Try again later.', undefined, { 'retry-after': String(perIp.retryAfterSeconds(key)) });
  };
  // The rate limit runs before validation, so malformed codes count too (a script guessing codes is throttled alike).
  r.get(
    '/api/public/links/:code',
    {
      config: { public: true },
      onRequest: async (req) => limit(req),
      schema: { tags: ['public'], params: ZLinkCodeParamsSchema, response: { 200: ZPublicLinkPageSchema, ...PUBLIC_ERRORS } },
    },
    async (req, reply) => {
      // A page's data changes (lines answered, status moved): never from a cache.
      reply.header('cache-control', 'no-store');
      return service.openPublicLink({ deps, code: req.params.code });
    },
  );
  r.post(
    '/api/public/links/:code/answer',
    {
      config: { public: true },
      bodyLimit: LINK_ANSWER_BODY_LIMIT,
      onRequest: async (req) => limit(req),
      schema: {
        tags: ['public'],
        params: ZLinkCodeParamsSchema,
        body: z.unknown().describe("The purpose's answer (e.g. the approval page's choices); the page validates it."),
        response: { 200: ZPublicLinkPageSchema, ...PUBLIC_ERRORS, ...errorResponses(413, 415, 422) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.answerPublicLink({ deps, code: req.params.code, body: req.body });
    },
  );

  const tags = ['customer_links'];
  r.get(
    '/api/customer_links',
    {
      schema: { tags, querystring: ZCustomerLinkListQuerySchema, response: { 200: hydraCollectionOf(ZCustomerLinkSchema), ...errorResponses(400, 401, 403) } },
    },
    async (req) => {
      const member = await service.listCustomerLinks({ ctx: contextOf(deps, req), query: req.query });
      return toCollection({
        path: '/api/customer_links',
        query: req.query,
        member,
        totalItems: member.length,
        page: 1,
        itemsPerPage: member.length,
        paginated: false,
      });
    },
  );
  r.post(
    '/api/customer_links/:id/revoke',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerLinkSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => service.revokeCustomerLink({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
