import type { TPaymentRequestSource } from '@cd/contracts/payments';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { createHook } from '../../lib/domain-hooks';
import type { TLiveEventInput } from '../../live/live.types';

/**
 * A payment request was just paid, in the transaction that recorded the payment (the public charge, the webhook, the
 * reconcile job or a terminal). Parts and accounting attach here (app.ts) to settle the statement or ticket the
 * request was made for (`source`, `sourceId`); their writes commit with the payment. Runs once per request: the
 * status moves to paid by a conditional update, and only the caller whose update won fires the hook.
 */
export interface TPaymentRequestPaid {
  tx: TTx;
  deps: Pick<TAppDeps, 'config'>;
  companyId: number;
  paymentRequestId: number;
  source: TPaymentRequestSource;
  sourceId: number | null;
  paidCents: number;
  paidAt: Date;
  emit: (events: TLiveEventInput[]) => void;
}

export const paymentRequestPaid = createHook<TPaymentRequestPaid>({ name: 'payments.requestPaid' });
