import type { TTx } from '../../db/client';
import * as repo from './offers.repository';

/** What other modules and app.ts use of offers. */
export { offersRoutes } from './offers.routes';
export { createOfferJobHandlers, JOB_SEND_OFFER } from './offers.jobs';
export { registerOffers } from './offers.register';
export { OFFER_REPLY_DAYS } from './offers-inbound';

/**
 * The offer most recently sent to a customer within `withinDays` days, or null (leads: an offer reply becomes a
 * lead). Replies are marked on the recipient row by offers itself (offers-inbound.ts).
 */
export async function findRecentOfferFor(opts: {
  tx: TTx;
  companyId: number;
  customerId: number;
  withinDays: number;
}): Promise<{ id: number; name: string; sentAt: Date } | null> {
  return repo.findRecentOfferFor(opts.tx, opts);
}
