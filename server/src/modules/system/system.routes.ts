import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { textResponse } from '../../lib/openapi';
import { healthRoutes } from './health.routes';

/** `workerProcessId`: this process's worker heartbeat, when it runs the worker (its readiness then needs that mark). */
export async function systemRoutes(app: FastifyInstance, deps: TAppDeps, opts: { workerProcessId?: string } = {}) {
  await healthRoutes(app, deps, opts);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const revision = deps.config.revision;
  const tags = ['system'];
  r.get('/REVISION', { config: { public: true }, schema: { tags, response: { 200: textResponse({ contentType: 'text/plain', description: 'The running revision, as plain text.' }) } } }, async (_req, reply) =>
    reply.type('text/plain').header('cache-control', 'no-store').send(revision),
  );
  r.get('/api/public/revision', { config: { public: true }, schema: { tags, response: { 200: z.object({ revision: z.string() }) } } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ revision }),
  );
  r.get('/api/public/health', { config: { public: true }, schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
}
