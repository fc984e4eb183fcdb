import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { enableDefaultMetrics } from '../../lib/metrics';
import { textResponse } from '../../lib/openapi';
import { createReadinessProbe } from './health.service';
import { createMetricsRenderer, isMetricsTokenValid } from './metrics.service';

const ZCheckSchema = z.object({
  status: z.enum(['ok', 'fail', 'skipped']),
  durationMs: z.number().int().optional(),
  error: z.string().optional(),
});
const ZReadinessSchema = z
  .object({
    status: z.enum(['ok', 'fail']),
    checks: z.object({
      database: ZCheckSchema,
      /** `skipped` without REDIS_URL. */
      redis: ZCheckSchema,
      /** `skipped` when no process of the deployment has run the worker within the last day. */
      worker: ZCheckSchema.extend({ lastBeatAt: z.iso.datetime({ offset: true }).nullable().optional() }),
    }),
  })
  .meta({ id: 'Readiness' });

/**
 * Probes and Prometheus (issue 20, docs/monitoring.md). Outside /api: no bearer JWT, never cached, and logged only
 * at warn level so a probe every few seconds does not flood the logs.
 */
export async function healthRoutes(app: FastifyInstance, deps: TAppDeps, opts: { workerProcessId?: string } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  const quiet = { config: { public: true }, logLevel: 'warn' as const };

  r.get(
    '/health/live',
    { ...quiet, schema: { tags, summary: 'Liveness: the process answers.', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );

  const probe = createReadinessProbe({ deps, workerProcessId: opts.workerProcessId });
  app.addHook('onClose', () => probe.close());
  r.get(
    '/health/ready',
    {
      ...quiet,
      schema: {
        tags,
        summary: 'Readiness: the database answers, Redis answers (when configured), a worker is alive (when the deployment runs one).',
        response: {
          200: ZReadinessSchema,
          503: {
            description: 'A check failed; each failing check says why.',
            content: { 'application/json': { schema: ZReadinessSchema } },
          },
        },
      },
    },
    async (_req, reply) => {
      const readiness = await probe.check();
      return reply
        .status(readiness.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(readiness);
    },
  );

  const token = deps.config.metricsToken;
  if (token) enableDefaultMetrics();
  const renderer = createMetricsRenderer({ deps, log: app.log });
  r.get(
    '/metrics',
    {
      ...quiet,
      schema: {
        tags,
        summary: 'Prometheus metrics (text format) with `Authorization: Bearer <METRICS_TOKEN>`; 404 while METRICS_TOKEN is unset.',
        response: {
          200: textResponse({ contentType: 'text/plain', description: 'The Prometheus text exposition format (version 0.0.4).' }),
          401: textResponse({ contentType: 'text/plain', description: 'Missing or wrong metrics token.' }),
          404: textResponse({ contentType: 'text/plain', description: 'METRICS_TOKEN is not set: metrics are not served.' }),
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // Unset: answer like an unknown address, so a scanner learns nothing.
      if (!token) return reply.status(404).type('text/plain').send('Not Found');
      if (!isMetricsTokenValid({ authorization: req.headers.authorization, token }))
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized');
      return reply.type(renderer.contentType).send(await renderer.render());
    },
  );
}
