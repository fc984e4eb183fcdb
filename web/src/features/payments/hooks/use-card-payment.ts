import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TPublicPaymentPage } from '@cd/contracts/payments';
import { chargePayment } from '../api/charge-payment';
import { paymentKeys } from '../api/query-keys';
import { tokenizeCard } from '../api/tokenize-card';
import { EMPTY_CARD_DRAFT, tokenBodyOf, validateCardDraft, type TCardDraft, type TCardField, type TCardFieldError } from '../lib/card-form';
import { beginAttempt, cardChanged, endAttempt, newAttemptKey, NO_ATTEMPT, withPaymentKey, type TAttempt } from '../lib/pay-attempt';
import { feedbackOfCharge, feedbackOfFailure, type TPayFeedback } from '../lib/pay-outcome';

const PENDING_POLL_MS = 3000;

/**
 * The pay button's work: check the card, tokenise it (simulator), charge with the payment key and the attempt's
 * idempotency key. While a tap is running a second tap does nothing; when the answer was lost, the next tap resends
 * the same keys. `getPaymentKey` replaces the tokenise step for hosted fields (Pay.js), which mint the key themselves.
 */
export function useCardPayment(options: { code: string; getPaymentKey?: () => Promise<string> }) {
  const { code, getPaymentKey } = options;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TCardDraft>(EMPTY_CARD_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<TCardField, TCardFieldError | string>>>({});
  const [feedback, setFeedback] = useState<TPayFeedback | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<TAttempt>(NO_ATTEMPT);
  const running = useRef(false);

  const setField = useCallback((field: TCardField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    // A different card cannot reuse the old card's one-time key.
    if (field !== 'email') attempt.current = cardChanged(attempt.current);
  }, []);

  const applyFeedback = useCallback(
    (next: TPayFeedback) => {
      attempt.current = endAttempt(attempt.current, next.settled);
      if (next.kind === 'field') setErrors((e) => ({ ...e, [next.field]: next.messageKey }));
      if (next.kind === 'paid') {
        // The page turns into the receipt at once; the read that follows brings the stored one.
        queryClient.setQueryData<TPublicPaymentPage>(paymentKeys.publicPage(code), (old) =>
          old ? { ...old, state: 'paid', cardForm: null, receipt: next.receipt ?? old.receipt } : old,
        );
      }
      if (next.kind === 'paid' || next.kind === 'reload' || next.kind === 'pending')
        void queryClient.invalidateQueries({ queryKey: paymentKeys.publicPage(code) });
      setFeedback(next.kind === 'field' ? null : next);
    },
    [code, queryClient],
  );

  const pay = useCallback(async () => {
    if (running.current) return; // a double tap: the first tap's attempt is already on its way
    const email = draft.email.trim();
    if (!getPaymentKey) {
      const found = validateCardDraft(draft, new Date());
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    running.current = true;
    setBusy(true);
    setFeedback(null);
    attempt.current = beginAttempt(attempt.current, newAttemptKey);
    try {
      if (!attempt.current.paymentKey) {
        const paymentKey = getPaymentKey ? await getPaymentKey() : (await tokenizeCard({ code, card: tokenBodyOf(draft) })).paymentKey;
        attempt.current = withPaymentKey(attempt.current, paymentKey);
      }
      const { key, paymentKey } = attempt.current;
      const result = await chargePayment({ code, body: { paymentKey: paymentKey!, idempotencyKey: key!, ...(email ? { email } : {}) } });
      applyFeedback(feedbackOfCharge(result));
    } catch (err) {
      applyFeedback(feedbackOfFailure(err));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [applyFeedback, code, draft, getPaymentKey]);

  // A charge the processor has not confirmed yet: the page is read again until it says paid (or the customer taps again,
  // which resends the same keys).
  const pending = feedback?.kind === 'pending';
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: paymentKeys.publicPage(code) }), PENDING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [code, pending, queryClient]);

  /** "Try again" after a decline: the same form, the card number cleared for another card. */
  const tryAgain = useCallback(() => {
    setFeedback(null);
    if (attempt.current.key === null) setDraft((d) => ({ ...d, number: '', cvc: '' }));
  }, []);

  return { draft, setField, errors, feedback, busy, pay, tryAgain };
}
