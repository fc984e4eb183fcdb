import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSupportInfoSchema, ZSupportRequestSchema, ZSupportSentSchema } from '@cd/contracts/support';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { contextOf } from '../../plugins/auth';
import { getSupportInfo, sendSupportRequest } from './support.service';

export async function supportRoutes(app: FastifyInstance, deps: TAppDeps) {
  const limiter = new WindowCounter(3_600_000);
  const tags = ['support'];
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/support',
    { schema: { tags, summary: 'Whether the support form is on, and the help links.', response: { 200: ZSupportInfoSchema, ...errorResponses(401) } } },
    async (req) => getSupportInfo({ ctx: contextOf(deps, req) }),
  );
  r.post(
    '/api/support',
    {
      schema: {
        tags,
        summary: 'Sends a question with its context to the support address (at most 5 per user and hour).',
        body: ZSupportRequestSchema,
        response: { 202: ZSupportSentSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await sendSupportRequest({ ctx: contextOf(deps, req), input: req.body, limiter, headerUserAgent: req.headers['user-agent'] })),
  );
}
