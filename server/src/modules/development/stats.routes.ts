import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDevStatsSchema, ZStatsQuerySchema } from '@cd/contracts/dev-logs';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import * as service from './stats.service';

/** Figures over the outgoing API log, the webhook log and the job queue (issue 20, /development/stats): super admins only. */
export async function devStatsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/development/stats',
    {
      schema: {
        tags: ['development'],
        summary: 'Calls per vendor and company (calls/min, error rate, p50/p95), a time series, webhooks and the job queue now.',
        querystring: ZStatsQuerySchema,
        response: { 200: ZDevStatsSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await service.readDevStats({ ctx: contextOf(deps, req), query: req.query })),
  );
}
