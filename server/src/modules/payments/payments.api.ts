/**
 * What other modules may use of payments (issue 17). Parts and accounting make requests for their tickets and
 * statements and attach to `paymentRequestPaid` (from app.ts) to settle them.
 *
 * - createPaymentRequest({ deps, tx?, emit?, companyId, userId, customerId, source, sourceId, invoice, billTo,
 *   products?, amountCents?, send }): the request resource. With `tx` it runs in the caller's transaction (pass `emit`
 *   for its live events and call `deps.jobs.wake()` after the commit when `send`); without, in its own. 422 when
 *   payments are off (`payment_not_enabled`), the total is zero (`payment_amount_must_not_be_zero`), a line is bad, or
 *   `send` without a customer / without the company's payment text.
 * - paymentRequestPaid: fired once per request, in the transaction that recorded the payment.
 * - cancelPaymentRequestById: cancels a request (a statement withdrawn): texts stopped, links revoked.
 */
export {
  cancelPaymentRequestById,
  computeRequestLines,
  createPaymentRequest,
  type TCreatePaymentRequestOptions,
  type TPaymentDeps,
} from './payment-requests.service';
export { paymentRequestPaid, type TPaymentRequestPaid } from './payment-requests.hooks';
export { paymentEnabled, paymentSettingsOf } from './payment-requests.core';
export {
  paymentAttempts,
  paymentRequests,
  paymentTransactions,
  paymentWebhookEvents,
  type TPaymentAttemptRow,
  type TPaymentRequestRow,
  type TPaymentTransactionRow,
} from './payment-requests.schema';
/** The company's card processor (simulator by default), for terminals, refunds and recurring charges. */
export { processorForCompany, createPaymentCallLogger, paymentSimulatorStore, type TPaymentLog } from './payments.processor';
/** Recording a sale that happened elsewhere (a terminal): the transaction, the request paid, the hook, live events. */
export { recordPaid } from './payment-requests.settle';
/** Wiring for app.ts. */
export { registerPayments } from './payments.register';
export { paymentRequestsRoutes } from './payment-requests.routes';
export { paymentPublicRoutes } from './payment-public.routes';
export { paymentWebhookRoutes } from './payment-webhook.routes';
export { createPaymentRecurringJobs } from './payment-jobs';
