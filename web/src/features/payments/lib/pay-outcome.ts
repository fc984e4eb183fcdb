import type { TDeclineReason, TPublicChargeResult, TPublicPaymentReceipt } from '@cd/contracts/payments';
import { ApiError } from '../../../lib/api-client';
import type { TCardField } from './card-form';

/** What the page shows after "Pay": `settled` false keeps the attempt (and its idempotency key) for the next tap. */
export type TPayFeedback =
  | { kind: 'paid'; receipt: TPublicPaymentReceipt | null; settled: true }
  | { kind: 'declined'; messageKey: string; settled: true }
  | { kind: 'error'; messageKey: string; settled: boolean }
  | { kind: 'pending'; settled: false }
  | { kind: 'field'; field: TCardField; messageKey: string; settled: false }
  /** The request changed under the page (paid elsewhere, expired, cancelled): it is read again. */
  | { kind: 'reload'; settled: true };

/** Hosted card fields refused the card before any call (they show their own message). */
export class CardFieldsError extends Error {
  constructor() {
    super('card_fields_refused');
    this.name = 'CardFieldsError';
  }
}

/** The catalogue key per decline reason: each says what the customer can do about it. */
export function declineMessageKey(reason: TDeclineReason | null): string {
  return `pay_decline_${reason ?? 'other'}`;
}

/** A charge the server answered. */
export function feedbackOfCharge(result: TPublicChargeResult): TPayFeedback {
  switch (result.outcome) {
    case 'approved':
      return { kind: 'paid', receipt: result.receipt, settled: true };
    case 'declined':
      return { kind: 'declined', messageKey: declineMessageKey(result.declineReason), settled: true };
    case 'pending':
      // The processor did not answer: the same key must be sent again (or the page read), never a new one.
      return { kind: 'pending', settled: false };
    default:
      return { kind: 'error', messageKey: result.errorCode === 'payment_key_invalid' ? 'pay_error_enter_card_again' : 'pay_error_not_charged', settled: true };
  }
}

const TOKEN_FIELDS: Readonly<Record<string, TCardField>> = { number: 'number', expiration: 'expiry', cvc: 'cvc', email: 'email' };
const TOKEN_MESSAGES: Readonly<Record<TCardField, string>> = {
  number: 'card_number_invalid',
  expiry: 'card_expiry_invalid',
  cvc: 'card_cvc_invalid',
  email: 'card_email_invalid',
};

/** The field a refused card belongs to: a violation's path, or the simulator's reason code in the message. */
function refusedField(err: ApiError): TCardField | null {
  for (const v of err.violations) {
    const field = TOKEN_FIELDS[v.propertyPath.split('.')[0] ?? ''];
    if (field) return field;
  }
  const text = `${err.message} ${JSON.stringify(err.body ?? '')}`;
  if (/card_number/.test(text)) return 'number';
  if (/expiration|expiry/.test(text)) return 'expiry';
  if (/cvc/.test(text)) return 'cvc';
  if (/email/.test(text)) return 'email';
  return null;
}

/**
 * A call that failed. No answer, or a 5xx: the outcome is unknown, so the attempt (and its key) is kept and "try again"
 * sends it again. 429: nothing was done yet. 404/409/410: the request changed. 422: a field was refused.
 */
export function feedbackOfFailure(err: unknown): TPayFeedback {
  if (err instanceof CardFieldsError) return { kind: 'error', messageKey: 'pay_error_check_card', settled: false };
  if (!(err instanceof ApiError)) return { kind: 'error', messageKey: 'pay_error_connection', settled: false };
  if (err.status === 0 || err.status >= 500) return { kind: 'error', messageKey: 'pay_error_connection', settled: false };
  if (err.status === 429) return { kind: 'error', messageKey: 'pay_error_too_many', settled: false };
  if (err.status === 404 || err.status === 409 || err.status === 410) return { kind: 'reload', settled: true };
  if (err.status === 400 || err.status === 422) {
    const field = refusedField(err);
    if (field) return { kind: 'field', field, messageKey: TOKEN_MESSAGES[field], settled: false };
  }
  return { kind: 'error', messageKey: 'pay_error_not_charged', settled: true };
}
