import { paymentRequestPaid } from '../payments/payments.api';
import { settlePartsOnPayment } from './parts-send.service';

/** Called once from app.ts: a paid request of a parts ticket or statement settles it (attaching twice is a no-op). */
export function registerParts(): void {
  paymentRequestPaid.attach(settlePartsOnPayment);
}
