import type { TTx } from '../../db/client';
import type { TAppDeps } from '../../context';
import { createHook } from '../../lib/domain-hooks';
import type { TRepairOrderLineRow, TRepairOrderRow } from './repair-orders.schema';

/**
 * Lines just approved (by the customer on the approval page, or by staff on their behalf), in the transaction that
 * approved them. The DMS module attaches its push here (app.ts), so an approval and its queued push commit together.
 */
export interface TRepairOrderLinesApproved {
  tx: TTx;
  deps: Pick<TAppDeps, 'config'>;
  order: TRepairOrderRow;
  lines: TRepairOrderLineRow[];
  decidedBy: 'customer' | 'staff';
}

export const repairOrderLinesApproved = createHook<TRepairOrderLinesApproved>({ name: 'repairOrders.linesApproved' });
