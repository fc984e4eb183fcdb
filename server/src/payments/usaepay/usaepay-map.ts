/**
 * USAePay REST v2 JSON → the processor-neutral shapes (protocols/dms-and-payments.md §3.3, §3.6, §3.7).
 * The gateway is loose with types (refnum and total as text or number, error_code as text on declines and as a
 * number on gateway errors): every reader here accepts both.
 */
import { parseDecimalAmount } from '@cd/contracts/payment-money';
import { maskCardNumbers } from '../../lib/card-numbers';
import type {
  TCardBrand,
  TDeclineReason,
  TPaymentTransaction,
  TSettlementStatus,
  TTerminalDevice,
  TTerminalRequest,
  TTerminalRequestState,
  TTransactionKind,
  TWebhookEventKind,
} from '../payment-processor.types';

export type TJson = Record<string, unknown>;

export function asObject(value: unknown): TJson | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as TJson) : null;
}

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Sandbox decline codes of §3.3 (the words are matched too, for codes not listed there). */
const DECLINE_CODES: Record<string, TDeclineReason> = {
  '10127': 'card_declined',
  '10205': 'do_not_honor',
  '10251': 'insufficient_funds',
  '10262': 'restricted_card',
  '10297': 'cvc_failed',
};

export function declineReasonOf(code: string | null, message: string): TDeclineReason {
  if (code && DECLINE_CODES[code]) return DECLINE_CODES[code];
  if (/insufficient/i.test(message)) return 'insufficient_funds';
  if (/do not honou?r/i.test(message)) return 'do_not_honor';
  if (/cvv|cvc|security code/i.test(message)) return 'cvc_failed';
  if (/expired/i.test(message)) return 'expired_card';
  if (/restricted/i.test(message)) return 'restricted_card';
  if (/fraud/i.test(message)) return 'fraud_suspected';
  if (/referral|call/i.test(message)) return 'referral';
  if (/declined/i.test(message)) return 'card_declined';
  return 'other';
}

const SETTLEMENT: Record<string, TSettlementStatus> = {
  N: 'queued',
  P: 'pending',
  B: 'submitted',
  F: 'funded',
  S: 'settled',
  E: 'error',
  V: 'voided',
  R: 'returned',
  T: 'timed_out',
  M: 'manager_approval',
};

export function brandOf(card: TJson | null): TCardBrand | null {
  const type = (text(card?.type) ?? text(card?.cardtype) ?? '').toLowerCase();
  const number = text(card?.number) ?? text(card?.cardnumber) ?? '';
  if (type === 'v' || type.startsWith('visa')) return 'visa';
  if (type === 'm' || type.startsWith('master')) return 'mastercard';
  if (type === 'a' || type.startsWith('amex') || type.startsWith('american')) return 'amex';
  if (type === 'ds' || type.startsWith('disc')) return 'discover';
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return type || number ? 'other' : null;
}

export function last4Of(card: TJson | null): string | null {
  const digits = (text(card?.number) ?? text(card?.cardnumber) ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

function kindOf(trantype: string | null): TTransactionKind {
  const t = (trantype ?? '').toLowerCase();
  if (t.includes('void')) return 'void';
  if (t.includes('refund')) return 'refund';
  // "Credit Card Sale" is a sale; a bare "Credit" (or "Credit …" without "sale") is money back.
  if (t.includes('sale')) return 'sale';
  if (t.includes('credit ') || t === 'credit') return 'refund';
  return 'other';
}

/** USAePay's "2018-12-04 10:48:44" (gateway time, taken as UTC: the docs name no zone). */
export function parseUsaepayTime(value: unknown): Date | null {
  const t = text(value);
  if (!t) return null;
  const d = new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(t) ? `${t.replace(' ', 'T')}Z` : t);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A transaction object (sale answer, GET, pay request result). `requested` fills the amount when the answer omits it. */
export function mapUsaepayTransaction(json: TJson, requested?: { amountCents?: number; kind?: TTransactionKind }): TPaymentTransaction {
  const resultCode = (text(json.result_code) ?? '').toUpperCase();
  const message = text(json.error) ?? text(json.result) ?? '';
  const amountDetail = asObject(json.amount_detail);
  const amountCents = parseDecimalAmount(json.amount) ?? parseDecimalAmount(amountDetail?.amount) ?? requested?.amountCents ?? 0;
  const authCents = parseDecimalAmount(json.auth_amount);
  let outcome: TPaymentTransaction['outcome'] =
    resultCode === 'A' ? 'approved' : resultCode === 'P' ? 'partial' : resultCode === 'D' ? 'declined' : resultCode === 'V' ? 'verification' : 'error';
  const authorizedCents = outcome === 'approved' || outcome === 'partial' ? (authCents ?? amountCents) : 0;
  if (outcome === 'approved' && authorizedCents < amountCents) outcome = 'partial';
  const errorCode = outcome === 'approved' ? null : (text(json.error_code) ?? text(json.errorcode));
  const card = asObject(json.creditcard);
  const saved = asObject(json.savedcard);
  return {
    key: text(json.key) ?? '',
    refnum: text(json.refnum),
    kind: requested?.kind ?? kindOf(text(json.trantype)),
    outcome,
    amountCents,
    authorizedCents,
    authCode: text(json.authcode),
    card: { brand: brandOf(card) ?? brandOf(saved), last4: last4Of(card) ?? last4Of(saved) },
    invoice: text(json.invoice),
    orderId: text(json.orderid),
    declineReason: outcome === 'declined' ? declineReasonOf(errorCode, message) : null,
    errorCode,
    // Processor words are shown to staff and customers: never with a card number in them.
    message: maskCardNumbers(message).text || (outcome === 'approved' ? 'Approved' : 'Unknown result'),
    duplicate: (text(json.is_duplicate) ?? '').toUpperCase() === 'Y',
    savedCardToken: text(saved?.key),
    settlement: SETTLEMENT[(text(json.status_code) ?? '').toUpperCase()] ?? null,
    createdAt: parseUsaepayTime(json.created),
  };
}

export function mapUsaepayDevice(json: TJson): TTerminalDevice {
  const status = text(json.status) ?? '';
  const info = asObject(json.terminal_info);
  const s = status.toLowerCase();
  return {
    key: text(json.key) ?? '',
    name: text(json.name) ?? '',
    serial: text(info?.serial),
    model: [text(info?.make), text(info?.model)].filter(Boolean).join(' ') || null,
    // The docs' prose also says "online" for a paired device (§3.6).
    status: s === 'connected' || s === 'online' ? 'connected' : s.includes('pairing') ? 'pairing' : s === 'offline' ? 'offline' : 'other',
    providerStatus: status,
  };
}

const REQUEST_STATES: Record<string, TTerminalRequestState> = {
  'sending to device': 'pending',
  'sent to device': 'pending',
  'waiting for card dip': 'pending',
  'changing interfaces': 'pending',
  'customer see phone and tap again': 'pending',
  'processing payment': 'processing',
  'completing payment': 'processing',
  'capturing signature': 'processing',
  'signature capture error': 'processing',
  'transaction complete': 'complete',
  canceled: 'canceled',
  'transaction canceled': 'canceled',
  'transaction failed': 'failed',
  timeout: 'timeout',
  error: 'error',
};

export function mapUsaepayPayRequest(json: TJson, amountCents?: number): TTerminalRequest {
  const status = text(json.status) ?? '';
  let state = REQUEST_STATES[status.toLowerCase()] ?? 'pending';
  // "complete" may be false while a signature is still pending: keep polling until it is true (§3.6).
  if (state === 'complete' && json.complete === false) state = 'processing';
  const tx = asObject(json.transaction);
  return {
    key: text(json.key) ?? '',
    state,
    providerStatus: status,
    transaction: tx ? mapUsaepayTransaction(tx, { amountCents, kind: 'sale' }) : null,
    expiresAt: parseUsaepayTime(json.expiration),
  };
}

const EVENT_KINDS: Record<string, TWebhookEventKind> = {
  'transaction.sale.success': 'sale_success',
  'transaction.sale.failure': 'sale_failure',
  'transaction.sale.voided': 'sale_voided',
  'transaction.refund.success': 'refund_success',
  'transaction.refund.voided': 'refund_voided',
};

export function mapUsaepayEvent(json: TJson) {
  const body = asObject(json.event_body);
  const object = asObject(body?.object);
  const type = text(json.event_type) ?? '';
  return {
    eventId: text(json.event_id) ?? '',
    type,
    kind: EVENT_KINDS[type] ?? ('other' as TWebhookEventKind),
    triggeredAt: parseUsaepayTime(json.event_triggered),
    transactionKey: text(object?.key),
    invoice: text(object?.invoice),
    amountCents: parseDecimalAmount(object?.amount) ?? parseDecimalAmount(asObject(object?.amount_detail)?.amount),
  };
}
