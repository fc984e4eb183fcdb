/**
 * What app.ts wires of accounts receivable: its routes, and the reaction to a paid payment request
 * (`settleStatementPayment`, attached to the payments module's `paymentRequestPaid` hook) that reconciles a statement.
 */
export { accountingRoutes } from './accounting.routes';
export { arStatementsRoutes } from './ar-statements.routes';
export { settleStatementPayment } from './ar-statements.service';
