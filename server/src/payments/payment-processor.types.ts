/**
 * The processor-neutral card-payment interface (issue 17). The payments module talks to this only; the USAePay
 * REST v2 adapter (the spec's "current variant"), the next-variant adapter and the embedded simulator translate it
 * to their protocols (shared/protocols/dms-and-payments.md §3–§6).
 *
 * Rules every adapter keeps:
 * - Amounts cross this interface as integer cents only; adapters format the wire text ("12.34").
 * - No card number ever crosses it: a charge takes a one-time payment key (minted by the processor's hosted fields,
 *   or by the simulator's tokenising page) or a saved card token. Results carry brand and last 4 only.
 * - A declined card is a RESULT (`outcome: 'declined'`), not an error. Errors are PaymentError; one whose
 *   `outcomeUnknown` is true means the charge may have happened, and the caller reconciles it with
 *   findTransaction / getTransaction before trying again.
 */

import type { TRedactedExchange } from '../lib/outside-calls/recorded-exchange';

export type TPaymentProviderName = 'usaepay' | 'next' | 'simulator';

export type TCardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';

export interface TCardSummary {
  brand: TCardBrand | null;
  last4: string | null;
}

/** approved; partial = approved for less than asked (authorizedCents says how much); declined; error; verification required. */
export type TTransactionOutcome = 'approved' | 'partial' | 'declined' | 'error' | 'verification';

/** Why a card was declined, for a clear message on the payment page (the processor's own text is kept too). */
export type TDeclineReason =
  'insufficient_funds' | 'do_not_honor' | 'card_declined' | 'cvc_failed' | 'restricted_card' | 'expired_card' | 'fraud_suspected' | 'referral' | 'other';

/** The processor's settlement view of a transaction (USAePay status codes N/P/B/F/S/E/V/R/T/M). */
export type TSettlementStatus = 'queued' | 'pending' | 'submitted' | 'funded' | 'settled' | 'error' | 'voided' | 'returned' | 'timed_out' | 'manager_approval';

export type TTransactionKind = 'sale' | 'refund' | 'void' | 'other';

export interface TPaymentTransaction {
  /** The processor's transaction key: what refund, void and lookups take. */
  key: string;
  refnum: string | null;
  kind: TTransactionKind;
  outcome: TTransactionOutcome;
  /** The amount asked for. */
  amountCents: number;
  /** The amount authorised: equal to amountCents when approved, less on a partial approval, 0 when declined. */
  authorizedCents: number;
  authCode: string | null;
  card: TCardSummary;
  invoice: string | null;
  /** Our attempt reference (the idempotency key for processors without a native one). */
  orderId: string | null;
  declineReason: TDeclineReason | null;
  /** The processor's code for a decline or error ("10127", "20019"), kept as text. */
  errorCode: string | null;
  /** The processor's words ("Approved", "Insufficient funds"). */
  message: string;
  /** The processor folded this request into an earlier identical one (no second charge was made). */
  duplicate: boolean;
  /** A reusable card token when the sale asked to save the card. */
  savedCardToken: string | null;
  settlement: TSettlementStatus | null;
  createdAt: Date | null;
}

export type TPaymentSource = { kind: 'payment_key'; paymentKey: string } | { kind: 'token'; token: string };

export interface TSaleOptions {
  source: TPaymentSource;
  amountCents: number;
  /** Of the amount: the subtotal and tax (sent as amount detail where the processor takes it). */
  subtotalCents?: number;
  taxCents?: number;
  /** The invoice number printed for the customer (the payment request's invoice). */
  invoice: string;
  /**
   * One key per charge attempt: the same key never charges twice. The caller keeps it with the attempt so a retry
   * after a timeout, a double tap or a reconciling job reuse it.
   */
  idempotencyKey: string;
  description?: string;
  customerEmail?: string;
  /** Ask the processor for a reusable token (recurring charges, with the customer's recorded consent). */
  saveCard?: boolean;
  signal?: AbortSignal;
}

export interface TRefundOptions {
  transactionKey: string;
  /** Omitted = the whole (remaining) amount. */
  amountCents?: number;
  idempotencyKey: string;
  signal?: AbortSignal;
}

export interface TTerminalDevice {
  key: string;
  name: string;
  serial: string | null;
  model: string | null;
  /** connected = ready for a pay request; pairing = waiting for the code to be typed on the device. */
  status: 'connected' | 'pairing' | 'offline' | 'other';
  providerStatus: string;
}

/** pending = on its way / waiting for the card; done states: complete, canceled, failed, timeout, error. */
export type TTerminalRequestState = 'pending' | 'processing' | 'complete' | 'canceled' | 'failed' | 'timeout' | 'error';

export interface TTerminalRequest {
  key: string;
  state: TTerminalRequestState;
  /** The processor's words ("waiting for card dip"). */
  providerStatus: string;
  /** The finished transaction (state complete, sometimes failed). */
  transaction: TPaymentTransaction | null;
  expiresAt: Date | null;
}

export interface TTerminalRequestOptions {
  deviceKey: string;
  amountCents: number;
  invoice: string;
  idempotencyKey: string;
  /** How long the device waits for a card; USAePay's default is 180 s. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

export type TWebhookEventKind = 'sale_success' | 'sale_failure' | 'sale_voided' | 'refund_success' | 'refund_voided' | 'other';

export interface TPaymentWebhookEvent {
  /** The processor's event id: the dedupe key. */
  eventId: string;
  /** The processor's own event type ("transaction.sale.success"). */
  type: string;
  kind: TWebhookEventKind;
  triggeredAt: Date | null;
  /** The transaction key the event is about; the caller re-fetches it before trusting the event (replays). */
  transactionKey: string | null;
  invoice: string | null;
  amountCents: number | null;
}

export type TWebhookRefusal = 'missing_signature' | 'bad_signature' | 'malformed_body' | 'not_configured';

export type TWebhookVerification = { ok: true; event: TPaymentWebhookEvent } | { ok: false; refusal: TWebhookRefusal };

export interface TVerifyCredentialsResult {
  /** 200 = valid (the spec's screen reads status_code/message). */
  statusCode: number;
  message: string;
}

/** A card kept in the processor's customer vault: its reusable token (a credential: never logged), brand, last 4. */
export interface TVaultPaymentMethod {
  token: string;
  card: TCardSummary;
  /** MMYY as the processor gives it, when it does. */
  expiration: string | null;
  cardholder: string | null;
}

/** A customer of the processor's vault (USAePay customers API, protocols §3.5). */
export interface TVaultCustomer {
  key: string;
  /** The merchant's own customer number (we store the AR account number there). */
  customerNumber: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  paymentMethods: TVaultPaymentMethod[];
}

export interface TVaultCustomerPage {
  customers: TVaultCustomer[];
  /** How many the vault holds in all, when it says. */
  total: number | null;
}

export interface TPaymentProcessor {
  readonly provider: TPaymentProviderName;
  verifyCredentials(opts?: { signal?: AbortSignal }): Promise<TVerifyCredentialsResult>;
  /** The public key the browser's hosted card fields are created with. */
  getPublicKey(opts?: { signal?: AbortSignal }): Promise<string>;
  sale(opts: TSaleOptions): Promise<TPaymentTransaction>;
  /** null when the processor does not know the key. */
  getTransaction(opts: { transactionKey: string; signal?: AbortSignal }): Promise<TPaymentTransaction | null>;
  /** The sale made under an idempotency key, if any: how an unknown outcome is reconciled. */
  findTransaction(opts: { idempotencyKey: string; signal?: AbortSignal }): Promise<TPaymentTransaction | null>;
  refund(opts: TRefundOptions): Promise<TPaymentTransaction>;
  void(opts: { transactionKey: string; signal?: AbortSignal }): Promise<TPaymentTransaction>;
  listTerminals(opts?: { signal?: AbortSignal }): Promise<TTerminalDevice[]>;
  createTerminalRequest(opts: TTerminalRequestOptions): Promise<TTerminalRequest>;
  getTerminalRequest(opts: { requestKey: string; signal?: AbortSignal }): Promise<TTerminalRequest>;
  cancelTerminalRequest(opts: { requestKey: string; signal?: AbortSignal }): Promise<void>;
  /** One page of the processor's customer vault (offset paging); processors without a vault answer an empty page or refuse. */
  listCustomers(opts: { offset: number; limit: number; signal?: AbortSignal }): Promise<TVaultCustomerPage>;
  /** Checks a webhook delivery against the raw body (before JSON parsing) and the headers as received. */
  /**
   * `trusted`: a super admin's replay of a delivery whose signature was checked when it arrived (the webhook log stores
   * it redacted, so it carries none): the body is parsed without the signature check.
   */
  verifyWebhook(opts: { rawBody: Buffer | string; headers: Record<string, string | string[] | undefined>; trusted?: boolean }): TWebhookVerification;
}

/** What every adapter reports to its call log, already redacted (no card data, keys, PIN, auth header). */
export interface TPaymentCall extends TRedactedExchange {
  provider: TPaymentProviderName;
}

export type TPaymentCallSink = (call: TPaymentCall) => void;
