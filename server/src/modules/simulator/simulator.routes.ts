import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { ZSimulatorConversationSchema } from '@cd/contracts/simulator';
import { errorResponses, noContent } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { idRefOf } from '@cd/contracts/ids';
import { listSimulatorConversations, replyAsSimulatedCustomer } from './simulator.service';

/** The phone simulator: what simulated phones received, and a way to answer as the customer. */
export async function simulatorRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['simulator'];

  r.get('/api/public/features', { config: { public: true }, schema: { tags: ['system'], response: { 200: z.object({ simulator: z.boolean() }) } } }, async () => ({ simulator: deps.config.simulator }));

  r.get('/api/simulator/conversations', { schema: { tags, response: { 200: z.array(ZSimulatorConversationSchema), ...errorResponses(401, 403, 404) } } }, async (req) =>
    listSimulatorConversations({ ctx: contextOf(deps, req) }),
  );

  r.post(
    '/api/simulator/reply',
    {
      schema: {
        tags,
        body: z.strictObject({ customerId: idRefOf('customers'), body: z.string().trim().min(1).max(1600) }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req, reply) => {
      await replyAsSimulatedCustomer({ ctx: contextOf(deps, req), customerId: req.body.customerId, body: req.body.body });
      return reply.status(204).send(null);
    },
  );
}
