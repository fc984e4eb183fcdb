import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPublicCompanySchema, ZPublicOptInResultSchema, ZPublicOptInSchema } from '@cd/contracts/public-page';
import { SLUG_RE } from '@cd/contracts/validators';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { getPublicCompany, optIn } from './public-pages.service';

const ZSlugParamsSchema = z.object({ slug: z.string().max(64).regex(SLUG_RE) });

/** Anyone can post the form: a few submits per address and window stop a script filling the inbox. */
export const OPT_IN_MAX_PER_IP = 5;
const OPT_IN_WINDOW_MS = 10 * 60 * 1000;

/** The page a company's QR code opens (`/c/{slug}`): no sign-in. */
export async function publicPagesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = new WindowCounter(OPT_IN_WINDOW_MS);

  r.get(
    '/api/public/companies/:slug',
    { config: { public: true }, schema: { tags: ['public'], params: ZSlugParamsSchema, response: { 200: ZPublicCompanySchema, ...errorResponses(400, 404) } } },
    async (req) => getPublicCompany({ deps, slug: req.params.slug }),
  );

  r.post(
    '/api/public/companies/:slug/opt_in',
    { config: { public: true }, schema: { tags: ['public'], params: ZSlugParamsSchema, body: ZPublicOptInSchema, response: { 201: ZPublicOptInResultSchema, ...errorResponses(400, 404, 415, 422, 429) } } },
    async (req, reply) => {
      const key = `opt-in:${req.ip}`;
      if (perIp.add(key) > OPT_IN_MAX_PER_IP)
        throw new AppError('rate_limited', 'Too many submissions. Try again later.', undefined, { 'retry-after': String(perIp.retryAfterSeconds(key)) });
      const result = await optIn({ deps, slug: req.params.slug, input: req.body, ip: req.ip });
      return reply.status(201).send(result);
    },
  );
}
