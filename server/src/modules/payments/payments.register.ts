import { registerAutomationSource } from '../automations/automations.api';
import { registerLinkPage } from '../customer-links/customer-links.api';
import { cardNumberMasked } from '../messages/messages.api';
import { noteMaskedCardNumber } from './payment-requests.card-note';
import { paymentLinkPage } from './payment-public.pages';
import { paymentRequestAutomationSettled, paymentRequestAutomationSource } from './payment-requests.automation';

/**
 * Called once from app.ts: the payment request's engine source (its text and outcome), the payment link's page, and
 * the note to the agent when a card number typed into a conversation was masked.
 */
export function registerPayments(): void {
  registerAutomationSource({ entity: 'payment_request', source: paymentRequestAutomationSource, settled: paymentRequestAutomationSettled });
  registerLinkPage({ purpose: 'payment', page: paymentLinkPage });
  cardNumberMasked.attach(noteMaskedCardNumber);
}
