import { SAVED_CARDS_LISTED, type TSavedCardListItem } from '@cd/contracts/payment-operations';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { toSavedCardListItem } from './recurring-rules.presenter';
import * as repo from './recurring-rules.repository';
import { requirePaymentManager } from './transactions.service';

/**
 * GET /api/payment/saved_cards: the cards a new recurring rule may charge, whether saved by a first charge or pulled
 * from the processor's vault (sync customers). Revoked cards are left out; expired ones are listed, flagged.
 */
export async function listSavedCards(opts: { ctx: TRequestContext; customerId?: number; company?: number }): Promise<TSavedCardListItem[]> {
  requirePaymentManager(opts.ctx);
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx, requested: opts.company });
  const rows = await runInScope(opts.ctx.db, { companyId }, (tx) =>
    repo.listActiveSavedCards(tx, { companyId, customerId: opts.customerId, limit: SAVED_CARDS_LISTED }),
  );
  const now = new Date();
  return rows.map((r) => toSavedCardListItem(r, now));
}
