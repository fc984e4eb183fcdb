import type { TPaymentRequest, TPaymentRequestStatus } from '@cd/contracts/payments';

type TChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** What a request shows as: its status, or "cancelled" (not a status: a cancelled request keeps the one it had). */
export type TPaymentRequestShownStatus = TPaymentRequestStatus | 'cancelled';

export const PAYMENT_STATUS_COLOR: Record<TPaymentRequestShownStatus, TChipColor> = {
  not_created: 'default',
  created: 'info',
  sent: 'primary',
  failed: 'error',
  expired: 'default',
  paid: 'success',
  cancelled: 'default',
};

/** Catalogue keys `payment_status_sent`, … */
export function paymentStatusLabelKey(status: TPaymentRequestShownStatus): string {
  return `payment_status_${status}`;
}

/** Still open: not paid, not expired, not cancelled. */
export function canCancelRequest(r: Pick<TPaymentRequest, 'status' | 'cancelledAt'>): boolean {
  return !r.cancelledAt && r.status !== 'paid' && r.status !== 'expired';
}

/** A new text with the link: for an open request that was saved, sent or whose text failed. */
export function canResendRequest(r: Pick<TPaymentRequest, 'status' | 'cancelledAt'>): boolean {
  return canCancelRequest(r) && (r.status === 'created' || r.status === 'sent' || r.status === 'failed');
}

/** The dates under a request, oldest first: created, sent, paid / expires / expired, cancelled (catalogue keys with {{time}}). */
export function requestTimeline(
  r: Pick<TPaymentRequest, 'createdAt' | 'sentAt' | 'paidAt' | 'expiresAt' | 'cancelledAt' | 'status'>,
): { key: string; at: string }[] {
  const out: { key: string; at: string }[] = [{ key: 'payment_created_at', at: r.createdAt }];
  if (r.sentAt) out.push({ key: 'payment_sent_at', at: r.sentAt });
  if (r.paidAt) out.push({ key: 'payment_paid_at', at: r.paidAt });
  else if (r.cancelledAt) out.push({ key: 'payment_cancelled_at', at: r.cancelledAt });
  else if (r.expiresAt) out.push({ key: r.status === 'expired' ? 'payment_expired_at' : 'payment_expires_at', at: r.expiresAt });
  return out;
}
