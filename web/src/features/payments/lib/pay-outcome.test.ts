import { describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '@cd/contracts/payments';
import en from '../../../locales/en/translation.json';
import { ApiError } from '../../../lib/api-client';
import { CardFieldsError, declineMessageKey, feedbackOfCharge, feedbackOfFailure } from './pay-outcome';

const receipt = {
  invoice: 'RO-1',
  amountCents: 1000,
  paidAt: '2026-11-28T10:00:00Z',
  cardBrand: 'visa' as const,
  cardLast4: '2224',
  reference: 'T-1',
  emailedTo: null,
};

describe('what the page says after pay', () => {
  it('has a message for every decline reason', () => {
    for (const reason of DECLINE_REASONS) expect(en, reason).toHaveProperty(declineMessageKey(reason));
    expect(declineMessageKey(null)).toBe('pay_decline_other');
  });

  it('maps each charge outcome; only "pending" keeps the attempt', () => {
    expect(feedbackOfCharge({ outcome: 'approved', declineReason: null, errorCode: null, receipt })).toEqual({ kind: 'paid', receipt, settled: true });
    expect(feedbackOfCharge({ outcome: 'declined', declineReason: 'insufficient_funds', errorCode: '10251', receipt: null })).toEqual({
      kind: 'declined',
      messageKey: 'pay_decline_insufficient_funds',
      settled: true,
    });
    expect(feedbackOfCharge({ outcome: 'error', declineReason: null, errorCode: 'payment_key_invalid', receipt: null })).toMatchObject({
      messageKey: 'pay_error_enter_card_again',
      settled: true,
    });
    expect(feedbackOfCharge({ outcome: 'error', declineReason: null, errorCode: '10002', receipt: null })).toMatchObject({
      messageKey: 'pay_error_not_charged',
    });
    expect(feedbackOfCharge({ outcome: 'pending', declineReason: null, errorCode: null, receipt: null })).toEqual({ kind: 'pending', settled: false });
  });

  it('keeps the attempt when the answer was lost (network, 5xx) or refused before any work (429)', () => {
    expect(feedbackOfFailure(new ApiError(0, null, 'network_error'))).toMatchObject({ kind: 'error', messageKey: 'pay_error_connection', settled: false });
    expect(feedbackOfFailure(new ApiError(502, null, 'Bad gateway'))).toMatchObject({ settled: false });
    expect(feedbackOfFailure(new TypeError('Failed to fetch'))).toMatchObject({ settled: false });
    expect(feedbackOfFailure(new ApiError(429, null, 'Too many'))).toMatchObject({ messageKey: 'pay_error_too_many', settled: false });
    expect(feedbackOfFailure(new CardFieldsError())).toMatchObject({ messageKey: 'pay_error_check_card', settled: false });
  });

  it('reads the page again when the request changed under it', () => {
    for (const status of [404, 409, 410]) expect(feedbackOfFailure(new ApiError(status, null, 'x'))).toEqual({ kind: 'reload', settled: true });
  });

  it('puts a refused card on its field', () => {
    const violation = (path: string) => new ApiError(422, { violations: [{ propertyPath: path, message: 'bad' }] }, 'bad');
    expect(feedbackOfFailure(violation('number'))).toMatchObject({ kind: 'field', field: 'number', messageKey: 'card_number_invalid' });
    expect(feedbackOfFailure(violation('expiration'))).toMatchObject({ field: 'expiry' });
    expect(feedbackOfFailure(violation('email'))).toMatchObject({ field: 'email', messageKey: 'card_email_invalid' });
    expect(feedbackOfFailure(new ApiError(422, { title: 'cvc_invalid' }, 'cvc_invalid'))).toMatchObject({ field: 'cvc' });
    expect(feedbackOfFailure(new ApiError(422, { title: 'something else' }, 'something else'))).toMatchObject({ kind: 'error', settled: true });
  });
});
