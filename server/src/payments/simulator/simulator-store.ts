/**
 * The simulator processor's memory: one per server process, no database. It holds one-time payment keys minted by
 * the simulator's card page ("tokenise first"), the transactions charged with them and the simulated terminals'
 * pay requests. A payment key records only what the charge needs — the test-card outcome, brand and last 4 —
 * never the card number, so the charge path cannot see one. Everything expires or is capped: a long-running demo
 * server does not grow without bound.
 */
import { randomBytes } from 'node:crypto';
import { isCardNumber } from '../../lib/card-numbers';
import type { TCardSummary, TPaymentTransaction } from '../payment-processor.types';
import { cardBrandOf, testCardOutcome, type TTestCardOutcome } from '../test-cards';

export const PAYMENT_KEY_TTL_MS = 15 * 60_000;
const MAX_ENTRIES = 10_000;

export interface TSimulatorPaymentKey {
  card: TCardSummary;
  result: TTestCardOutcome;
  expiresAt: number;
  usedBy: string | null;
}

export interface TSimulatorPayRequest {
  key: string;
  deviceKey: string;
  amountCents: number;
  invoice: string;
  idempotencyKey: string;
  startedAt: number;
  canceled: boolean;
  transaction: TPaymentTransaction | null;
}

export interface TSimulatorStore {
  paymentKeys: Map<string, TSimulatorPaymentKey>;
  transactions: Map<string, TPaymentTransaction>;
  /** idempotency key → transaction key (sales, refunds). */
  attempts: Map<string, string>;
  /** saved-card token → the key's card and outcome. */
  savedCards: Map<string, { card: TCardSummary; result: TTestCardOutcome }>;
  /** transaction key → cents refunded so far. */
  refunded: Map<string, number>;
  payRequests: Map<string, TSimulatorPayRequest>;
  now: () => number;
}

export function createSimulatorStore(opts: { now?: () => number } = {}): TSimulatorStore {
  return {
    paymentKeys: new Map(),
    transactions: new Map(),
    attempts: new Map(),
    savedCards: new Map(),
    refunded: new Map(),
    payRequests: new Map(),
    now: opts.now ?? Date.now,
  };
}

export function simulatorId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Drops the oldest entries past the cap (Maps iterate in insertion order). */
export function capMap<K, V>(map: Map<K, V>): void {
  for (const k of map.keys()) {
    if (map.size <= MAX_ENTRIES) return;
    map.delete(k);
  }
}

export type TTokenizeError = 'card_number_invalid' | 'expiration_invalid' | 'cvc_invalid';

/**
 * The simulator card page's "tokenise first" step: validates the card as a processor's hosted fields would and
 * answers a one-time payment key. An expired card still tokenises and declines at charge time (as at a processor).
 */
export function tokenizeSimulatorCard(opts: {
  store: TSimulatorStore;
  number: string;
  /** MMYY or MM/YY */
  expiration: string;
  cvc: string;
}): { ok: true; paymentKey: string; card: TCardSummary; expiresAt: Date } | { ok: false; error: TTokenizeError } {
  const number = opts.number.replace(/[\s-]/g, '');
  if (!isCardNumber(number)) return { ok: false, error: 'card_number_invalid' };
  const exp = /^(\d\d)\s*\/?\s*(\d\d)$/.exec(opts.expiration.trim());
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12) return { ok: false, error: 'expiration_invalid' };
  if (!/^\d{3,4}$/.test(opts.cvc.trim())) return { ok: false, error: 'cvc_invalid' };
  const now = new Date(opts.store.now());
  // The card is valid through the last day of its month.
  const expired = 2000 + Number(exp[2]) < now.getUTCFullYear() || (2000 + Number(exp[2]) === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  const result: TTestCardOutcome = expired
    ? { outcome: 'declined', authorizedPercent: 0, declineReason: 'expired_card', errorCode: '10054', message: 'Expired card' }
    : testCardOutcome(number);
  const paymentKey = simulatorId('pk');
  const expiresAt = opts.store.now() + PAYMENT_KEY_TTL_MS;
  const card: TCardSummary = { brand: cardBrandOf(number), last4: number.slice(-4) };
  opts.store.paymentKeys.set(paymentKey, { card, result, expiresAt, usedBy: null });
  capMap(opts.store.paymentKeys);
  return { ok: true, paymentKey, card, expiresAt: new Date(expiresAt) };
}
