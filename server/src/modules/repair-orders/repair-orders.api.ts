/**
 * What other modules may use of repair orders (the DMS import and push). Functions ending in `InTx` run in the caller's
 * transaction, scoped to the company (`runInScope` / `runWithLiveEvents`), and take `emit` to send live events with it.
 *
 * - createRepairOrderInTx(tx, { deps, companyId, values, emit? }): checks customer/vehicle/staff, number unique (422
 *   `number_already_used`), plans the order's automations.
 * - updateRepairOrderInTx(tx, { deps, companyId, id, values, emit? }): merge-patch; locks the row; re-plans.
 * - createRepairOrderLineInTx / updateRepairOrderLineInTx: lines (decidedBy 'dms' for imported decisions).
 * - markLinesPushedInTx: stamps dmsPushedAt after a successful push.
 * - repairOrderLinesApproved: the hook the DMS push attaches to.
 * - repairOrderClosed / repairOrderReopened / repairOrderSurveyRequested: the survey moments (surveys attach);
 *   setOrderSurveyInTx records the order's survey.
 * - presentOrder + orderEvent: the order's live event, for writers that bypass the InTx functions (the DMS import).
 */
export {
  addOrderPaymentRequestInTx,
  createRepairOrderInTx,
  loadOrder,
  orderEvent,
  presentOrder,
  setOrderSurveyInTx,
  updateRepairOrderInTx,
  type TEmit,
} from './repair-orders.service';
export { createRepairOrderLineInTx, markLinesPushedInTx, updateRepairOrderLineInTx } from './repair-order-lines.service';
export { findOrder, findOrderByDmsKey, findOrderByNumber, listLinesOf, type TLineValues, type TOrderValues } from './repair-orders.repository';
export {
  repairOrderClosed,
  repairOrderLinesApproved,
  repairOrderReopened,
  repairOrderSurveyRequested,
  type TRepairOrderLinesApproved,
  type TRepairOrderSurveyMoment,
} from './repair-orders.hooks';
export { registerRepairOrderAutomations } from './repair-orders.register';
export type { TRepairOrderLineRow, TRepairOrderRow } from './repair-orders.schema';
