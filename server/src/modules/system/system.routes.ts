import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../context';

export async function systemRoutes(app: FastifyInstance, deps: TAppDeps) {
  const revision = deps.config.revision;
  app.get('/REVISION', { config: { public: true }, schema: { tags: ['system'] } }, async (_req, reply) =>
    reply.type('text/plain').header('cache-control', 'no-store').send(revision),
  );
  app.get('/api/public/revision', { config: { public: true }, schema: { tags: ['system'] } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ revision }),
  );
  app.get('/api/public/health', { config: { public: true }, schema: { tags: ['system'] } }, async () => ({ status: 'ok' }));
}
