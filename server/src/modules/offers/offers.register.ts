import { inboundMessageReceived } from '../messages/messages.api';
import { reactToInboundForOffers } from './offers-inbound';

/** Called once from app.ts: a customer's text marks offer replies, a STOP revokes marketing consent. */
export function registerOffers(): void {
  inboundMessageReceived.attach(reactToInboundForOffers);
}
