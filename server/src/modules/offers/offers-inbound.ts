import type { TInboundMessageReceived } from '../messages/messages.api';
import { revokeMarketingConsent } from '../marketing/marketing.api';
import * as repo from './offers.repository';

/** A reply within this many days of an offer counts as its reply (docs/marketing-consent.md "Results"). */
export const OFFER_REPLY_DAYS = 7;

/**
 * messages' `inboundMessageReceived` (attached in app.ts through registerOffers): STOP revokes marketing consent and
 * marks every offer the customer got as opted out after; any other text marks the offer they last got as replied.
 * (A STOP that reaches no hook, e.g. a staff toggle, still blocks offers: the send checks the opt-out itself.)
 */
export async function reactToInboundForOffers(event: TInboundMessageReceived): Promise<void> {
  const { tx, company, customer, message } = event;
  if (message.direction !== 'INBOUND') return;
  if (event.keyword === 'STOP') {
    await revokeMarketingConsent({ tx, companyId: company.id, customerId: customer.id, reason: 'STOP' });
    await repo.markOptedOut(tx, { companyId: company.id, customerId: customer.id });
    return;
  }
  if (event.keyword !== null) return;
  const offer = await repo.findRecentOfferFor(tx, { companyId: company.id, customerId: customer.id, withinDays: OFFER_REPLY_DAYS });
  if (offer) await repo.markReplied(tx, { companyId: company.id, customerId: customer.id, offerId: offer.id });
}
