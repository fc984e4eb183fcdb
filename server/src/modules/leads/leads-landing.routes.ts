import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPublicLeadPageSchema, ZPublicLeadResultSchema, ZPublicLeadSubmitSchema } from '@cd/contracts/leads';
import { SLUG_RE } from '@cd/contracts/validators';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { getLeadPage, submitLead } from './leads-landing.service';

const ZSlugParamsSchema = z.object({ slug: z.string().max(64).regex(SLUG_RE) });

/** Anyone can post the form: a few submits per address stop a script; a few per phone stop flooding one person. */
export const LEAD_PAGE_MAX_PER_IP = 10;
export const LEAD_PAGE_MAX_PER_PHONE = 3;
const WINDOW_MS = 10 * 60 * 1000;
const TOO_MANY = 'Too many submissions. Try again later.';

/** The real-estate landing page `/l/{slug}` (no sign-in): a phone number, an optional listing address, a consent box. */
export async function leadLandingRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = new WindowCounter(WINDOW_MS);
  const perPhone = new WindowCounter(WINDOW_MS);

  r.get(
    '/api/public/lead-pages/:slug',
    {
      config: { public: true },
      schema: { tags: ['public'], params: ZSlugParamsSchema, response: { 200: ZPublicLeadPageSchema, ...errorResponses(400, 404) } },
    },
    async (req) => getLeadPage({ deps, slug: req.params.slug }),
  );

  r.post(
    '/api/public/lead-pages/:slug/leads',
    {
      config: { public: true },
      schema: {
        tags: ['public'],
        params: ZSlugParamsSchema,
        body: ZPublicLeadSubmitSchema,
        response: { 201: ZPublicLeadResultSchema, ...errorResponses(400, 404, 415, 422, 429) },
      },
    },
    async (req, reply) => {
      const ipKey = `lead-page:${req.ip}`;
      if (perIp.add(ipKey) > LEAD_PAGE_MAX_PER_IP)
        throw new AppError('rate_limited', TOO_MANY, undefined, { 'retry-after': String(perIp.retryAfterSeconds(ipKey)) });
      const phoneKey = `lead-page:${req.params.slug}:${req.body.phone}`;
      if (perPhone.add(phoneKey) > LEAD_PAGE_MAX_PER_PHONE)
        throw new AppError('rate_limited', TOO_MANY, undefined, { 'retry-after': String(perPhone.retryAfterSeconds(phoneKey)) });
      const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null;
      const result = await submitLead({ deps, slug: req.params.slug, input: req.body, ip: req.ip, userAgent });
      return reply.status(201).send(result);
    },
  );
}
