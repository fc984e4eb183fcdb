import { customerDisplayName } from '@cd/contracts/customer';
import * as customersApi from '../customers/customers.api';
import type { TCardNumberMasked } from '../messages/messages.api';
import { queueUserNotification } from '../notifications/notifications.api';

/**
 * messages' cardNumberMasked: a card number typed into a conversation was masked before storage. The agent is told,
 * by a staff notification (its push / e-mail delivery job runs like every notification's), to send a payment link
 * instead: the agent who typed it, or for a customer's message the conversation's owner. Once per message.
 * The notification's live toast is not sent from here (the message's transaction has no event channel at the
 * repository); the notification centre and its deliveries show it.
 */
export async function noteMaskedCardNumber(event: TCardNumberMasked): Promise<void> {
  const { tx, message } = event;
  const customer = await customersApi.findCustomer(tx, { companyId: message.companyId, ownerId: null, id: message.customerId });
  const userId = message.direction === 'OUTBOUND' ? message.userId : (customer?.userId ?? null);
  if (userId === null) return;
  const name = customer ? customerDisplayName(customer) : 'a customer';
  await queueUserNotification({
    tx,
    emit: () => undefined,
    notification: {
      companyId: message.companyId,
      userId,
      kind: 'card_number_masked',
      title: 'Card number hidden',
      body: `A card number in the conversation with ${name} was hidden. Never take card numbers by text: send a payment link instead.`,
      data: { customerId: message.customerId, messageId: message.id, link: `/communication/${message.customerId}/messenger` },
      dedupeKey: `card_number_masked:${message.id}`,
    },
  });
}
