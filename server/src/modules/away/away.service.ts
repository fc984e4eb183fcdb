import { userTopic } from '@cd/contracts/live';
import { toCustomerResource, updateCustomer } from '../customers/customers.api';
import type { TInboundMessageStored } from '../messages/messages.api';
import { claimAwayReply, findUserById, findUsersByIds } from '../users/users.api';

// What a conversation does while its owner is away (the owner's status itself is the users module's). Reacts to
// messages' `inboundMessageStored` hook, attached in app.ts, so messages knows nothing of away and users nothing of
// messages.

/**
 * Away rules for a customer's inbound message (in receiveInbound's transaction, right after the customer and the
 * message are stored):
 * - owner AWAY_WITH_TRANSFER: the conversation — a new customer's first message, or an existing conversation of
 *   the owner — is handed to the chosen colleague (if still an enabled user of the company). The hand-over is a
 *   real change of owner and stays when the user is back. One hop only: the colleague's own transfer is not followed.
 * - owner (after any hand-over) AWAY: the away text goes out as a system STANDARD message, once per conversation per
 *   away period; never as an answer to STOP/START/HELP and never to an opted-out customer.
 */
export async function applyAwayStatus(event: TInboundMessageStored): Promise<void> {
  const { tx, company } = event;
  let customer = event.customer;
  if (customer.userId === null) return;
  let owner = await findUserById(tx, { companyId: company.id, id: customer.userId });
  if (!owner || owner.awayState.status === 'ONLINE') return;

  if (owner.awayState.status === 'AWAY_WITH_TRANSFER' && owner.awayState.transferToUserId !== null) {
    const [colleague] = await findUsersByIds(tx, { companyId: company.id, ids: [owner.awayState.transferToUserId] });
    if (colleague && colleague.enabled && colleague.id !== owner.id) {
      customer = (await updateCustomer(tx, { companyId: company.id, id: customer.id, values: { userId: colleague.id } }))!;
      // The previous owner's inbox drops the conversation; the caller's events reach the new owner.
      if (!event.isNew)
        event.emit([
          {
            companyId: company.id,
            topics: [userTopic(owner.id)],
            event: 'updated',
            entity: 'customer',
            data: toCustomerResource(customer, { viewerId: 0, readStates: [] }),
            changes: ['user'],
          },
        ]);
      event.customer = customer;
      owner = colleague;
    }
  }

  const state = owner.awayState;
  if (state.status === 'AWAY' && state.awayText && event.keyword === null && !customer.optOut) {
    const first = await claimAwayReply(tx, { companyId: company.id, userId: owner.id, awayPeriod: owner.awayPeriod, customerId: customer.id });
    if (first) await event.queueReply({ customer, content: state.awayText });
  }
}
