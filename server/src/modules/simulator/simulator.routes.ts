import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerDisplayName } from '@cd/contracts/customer';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { ZSimulatorConversationSchema } from '@cd/contracts/simulator';
import { AppError } from '../../lib/errors';
import { errorResponses, noContent } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import * as customersRepo from '../customers/customers.api';
import { customerScopeOf } from '../customers/customers.service';
import { toMessageResource } from '../messages/messages.presenter';
import * as messagesRepo from '../messages/messages.api';
import { newSimulatorMessageId, receiveInbound } from '../messages/messages.service';
import { idRefOf } from '@cd/contracts/ids';

/** The phone simulator: what simulated phones received, and a way to answer as the customer. */
export async function simulatorRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['simulator'];
  const requireSimulator = () => {
    if (!deps.config.simulator) throw new AppError('not_found', 'The phone simulator is off.');
  };

  r.get('/api/public/features', { config: { public: true }, schema: { tags: ['system'], response: { 200: z.object({ simulator: z.boolean() }) } } }, async () => ({ simulator: deps.config.simulator }));

  r.get('/api/simulator/conversations', { schema: { tags, response: { 200: z.array(ZSimulatorConversationSchema), ...errorResponses(401, 403, 404) } } }, async (req) => {
    requireSimulator();
    const ctx = contextOf(deps, req);
    const scope = customerScopeOf(ctx);
    return runInScope(deps.db, { companyId: scope.companyId }, async (tx) => {
      const ids = await messagesRepo.listSimulatorCustomerIds(tx, { companyId: scope.companyId, limit: 30 });
      const msgs = await messagesRepo.listRecentMessagesOf(tx, { companyId: scope.companyId, customerIds: ids, perCustomer: 20 });
      const attachments = await messagesRepo.listAttachments(tx, { companyId: scope.companyId, messageIds: msgs.map((m) => m.id) });
      const customers = await customersRepo.findCustomersByIds(tx, { ...scope, ids });
      const out = [];
      for (const id of ids) {
        const c = customers.find((x) => x.id === id);
        if (!c) continue;
        out.push({
          customerId: c.id,
          name: customerDisplayName(c),
          phone: c.phone,
          optOut: c.optOut,
          messages: msgs
            .filter((m) => m.customerId === c.id)
            .map((m) => toMessageResource(m, { config: deps.config, attachments: attachments.filter((a) => a.messageId === m.id) })),
        });
      }
      return out;
    });
  });

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
      requireSimulator();
      const ctx = contextOf(deps, req);
      const scope = customerScopeOf(ctx);
      const customer = await runInScope(deps.db, { companyId: scope.companyId }, (tx) => customersRepo.findCustomer(tx, { ...scope, id: req.body.customerId }));
      if (!customer) throw new AppError('not_found', 'Customer not found.');
      if (!customer.phone) throw new AppError('conflict', 'This customer has no phone number to simulate.');
      await receiveInbound({
        deps,
        inbound: { companyId: scope.companyId, channel: 'simulator', from: { phone: customer.phone }, body: req.body.body, providerMessageId: newSimulatorMessageId(), media: [] },
      });
      return reply.status(204).send(null);
    },
  );
}
