import type { TTx } from '../../db/client';
import type { TAppDeps } from '../../context';
import { createHook } from '../../lib/domain-hooks';
import type { TLiveEventInput } from '../../live/live.types';
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

/**
 * An order's survey moments, in the transaction of the change (the surveys module attaches, app.ts):
 * - closed: the order just closed (`order.surveySkipped`: closed "without survey");
 * - reopened: a closed order opened again (what waits for its survey is cancelled);
 * - surveyRequested: staff asked for the survey now (PUT …/send_survey); a handler may refuse with an AppError.
 * Handlers record the survey on the order with `setOrderSurveyInTx`.
 */
export interface TRepairOrderSurveyMoment {
  tx: TTx;
  deps: Pick<TAppDeps, 'config'>;
  order: TRepairOrderRow;
  emit: (events: TLiveEventInput[]) => void;
}

export const repairOrderClosed = createHook<TRepairOrderSurveyMoment>({ name: 'repairOrders.closed' });
export const repairOrderReopened = createHook<TRepairOrderSurveyMoment>({ name: 'repairOrders.reopened' });
export const repairOrderSurveyRequested = createHook<TRepairOrderSurveyMoment>({ name: 'repairOrders.surveyRequested' });
