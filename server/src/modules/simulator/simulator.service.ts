import { customerDisplayName } from '@cd/contracts/customer';
import type { TSimulatorConversation } from '@cd/contracts/simulator';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findCustomer, findCustomersByIds } from '../customers/customers.api';
import { customerScopeOf } from '../customers/customers.service';
import { listAttachments, listRecentMessagesOf, listSimulatorCustomerIds } from '../messages/messages.api';
import { toMessageResource } from '../messages/messages.presenter';
import { newSimulatorMessageId, receiveInbound } from '../messages/messages.api';

/** The phone simulator is a demo and test aid: with it off, its addresses look absent. */
function assertSimulatorOn(ctx: TRequestContext): void {
  if (!ctx.config.simulator) throw new AppError('not_found', 'The phone simulator is off.');
}

/** What the simulated phones of the caller's customers received lately: 30 phones, 20 messages each. */
export async function listSimulatorConversations(opts: { ctx: TRequestContext }): Promise<TSimulatorConversation[]> {
  const { ctx } = opts;
  assertSimulatorOn(ctx);
  const scope = customerScopeOf(ctx);
  const { companyId } = scope;
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const ids = await listSimulatorCustomerIds(tx, { companyId, limit: 30 });
    const msgs = await listRecentMessagesOf(tx, { companyId, customerIds: ids, perCustomer: 20 });
    const attachments = await listAttachments(tx, { companyId, messageIds: msgs.map((m) => m.id) });
    const customers = await findCustomersByIds(tx, { ...scope, ids });
    const out: TSimulatorConversation[] = [];
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
          .map((m) => toMessageResource(m, { config: ctx.config, attachments: attachments.filter((a) => a.messageId === m.id) })),
      });
    }
    return out;
  });
}

/** A reply typed on a simulated phone: it arrives like any inbound SMS of that customer. */
export async function replyAsSimulatedCustomer(opts: { ctx: TRequestContext; customerId: number; body: string }): Promise<void> {
  const { ctx } = opts;
  assertSimulatorOn(ctx);
  const scope = customerScopeOf(ctx);
  const customer = await runInScope(ctx.db, { companyId: scope.companyId }, (tx) => findCustomer(tx, { ...scope, id: opts.customerId }));
  if (!customer) throw new AppError('not_found', 'Customer not found.');
  if (!customer.phone) throw new AppError('conflict', 'This customer has no phone number to simulate.');
  await receiveInbound({
    deps: ctx,
    inbound: {
      companyId: scope.companyId,
      channel: 'simulator',
      from: { phone: customer.phone },
      body: opts.body,
      providerMessageId: newSimulatorMessageId(),
      media: [],
    },
  });
}
