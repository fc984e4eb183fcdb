/**
 * The test cards every processor in the product answers alike: USAePay's sandbox cards (protocols/dms-and-payments.md
 * §3.8), so the same numbers work on the simulator, the fake gateway and USAePay's real sandbox.
 */
import type { TCardBrand, TDeclineReason, TTransactionOutcome } from './payment-processor.types';

export interface TTestCardOutcome {
  outcome: TTransactionOutcome;
  /** Percent of the amount authorised (partial approvals). */
  authorizedPercent: number;
  declineReason: TDeclineReason | null;
  errorCode: string | null;
  message: string;
}

const approve: TTestCardOutcome = { outcome: 'approved', authorizedPercent: 100, declineReason: null, errorCode: null, message: 'Approved' };
const decline = (code: string, reason: TDeclineReason, message: string): TTestCardOutcome => ({
  outcome: 'declined',
  authorizedPercent: 0,
  declineReason: reason,
  errorCode: code,
  message,
});

/** Number → outcome. Any other valid card number approves (a newcomer may type any test number they know). */
export const TEST_CARDS: Readonly<Record<string, TTestCardOutcome>> = {
  '4000100011112224': approve,
  '5555444433332226': approve,
  '371122223332225': approve,
  '6011222233332224': approve,
  '4000300011112220': decline('10127', 'card_declined', 'Card Declined'),
  '4000300211112228': decline('10205', 'do_not_honor', 'Do not Honor'),
  '4000300611112224': decline('10251', 'insufficient_funds', 'Insufficient funds'),
  '4000300911112221': decline('10262', 'restricted_card', 'Restricted Card'),
  '4000301311112225': decline('10297', 'cvc_failed', 'Declined for CVV failure'),
  '4000300111112229': decline('10130', 'referral', 'Referral: call issuer'),
  '4000301511112223': { outcome: 'error', authorizedPercent: 0, declineReason: null, errorCode: '10002', message: 'Transaction rejected by fraud profiler' },
  '4000000011112275': { outcome: 'partial', authorizedPercent: 50, declineReason: null, errorCode: null, message: 'Partially Approved' },
  '4000000011112283': { outcome: 'partial', authorizedPercent: 75, declineReason: null, errorCode: null, message: 'Partially Approved' },
};

export function testCardOutcome(number: string): TTestCardOutcome {
  return TEST_CARDS[number] ?? approve;
}

export function cardBrandOf(number: string): TCardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5|4[4-9])/.test(number)) return 'discover';
  return 'other';
}
