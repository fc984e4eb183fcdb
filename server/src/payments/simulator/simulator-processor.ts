/**
 * The simulator processor: the embedded default (like the phone simulator), so a newcomer sees the whole payment
 * loop without an account anywhere. No outside calls. Cards are entered on the simulator's own page, which
 * tokenises first (simulator-store.ts); charges take only that one-time key or a saved token. Outcomes follow the
 * shared test cards (test-cards.ts). The simulator sends no webhooks: its answers are final when given.
 */
import { PaymentError } from '../payment-error';
import type {
  TCardSummary,
  TPaymentProcessor,
  TPaymentTransaction,
  TTerminalDevice,
  TTerminalRequest,
  TTerminalRequestState,
} from '../payment-processor.types';
import type { TTestCardOutcome } from '../test-cards';
import { capMap, simulatorId, type TSimulatorPayRequest, type TSimulatorStore } from './simulator-store';

/** Each simulated terminal status lasts this long (a person dipping a card). */
export const SIMULATOR_TERMINAL_STEP_MS = 1_500;
const TERMINAL_STEPS = ['sent to device', 'waiting for card dip', 'processing payment'];
const TERMINAL_CARD: TCardSummary = { brand: 'visa', last4: '2224' };

export interface TSimulatorOptions {
  store: TSimulatorStore;
  /** The company's terminal grid (serial, description); each becomes a connected simulated device. */
  terminals?: Array<{ serial: string; description: string }>;
  terminalStepMs?: number;
}

function fail(kind: PaymentError['kind'], message: string): PaymentError {
  return new PaymentError({ provider: 'simulator', kind, message });
}

export function createSimulatorProcessor(opts: TSimulatorOptions): TPaymentProcessor {
  const { store } = opts;
  const stepMs = opts.terminalStepMs ?? SIMULATOR_TERMINAL_STEP_MS;

  function record(tx: TPaymentTransaction, idempotencyKey: string): TPaymentTransaction {
    store.transactions.set(tx.key, tx);
    store.attempts.set(idempotencyKey, tx.key);
    capMap(store.transactions);
    capMap(store.attempts);
    return tx;
  }

  /** An earlier answer under this idempotency key, marked as the duplicate it is. */
  function replay(idempotencyKey: string): TPaymentTransaction | null {
    const key = store.attempts.get(idempotencyKey);
    const tx = key ? store.transactions.get(key) : undefined;
    return tx ? { ...tx, duplicate: true } : null;
  }

  function charge(o: {
    card: TCardSummary;
    result: TTestCardOutcome;
    amountCents: number;
    invoice: string;
    idempotencyKey: string;
    save: boolean;
  }): TPaymentTransaction {
    const approved = o.result.outcome === 'approved' || o.result.outcome === 'partial';
    const savedCardToken = approved && o.save ? simulatorId('tok') : null;
    if (savedCardToken) store.savedCards.set(savedCardToken, { card: o.card, result: o.result });
    return {
      key: simulatorId('tx'),
      refnum: String(store.transactions.size + 100000),
      kind: 'sale',
      outcome: o.result.outcome,
      amountCents: o.amountCents,
      authorizedCents: approved ? Math.round((o.amountCents * o.result.authorizedPercent) / 100) : 0,
      authCode: approved ? '000000' : null,
      card: o.card,
      invoice: o.invoice,
      orderId: o.idempotencyKey,
      declineReason: o.result.declineReason,
      errorCode: o.result.errorCode,
      message: o.result.message,
      duplicate: false,
      savedCardToken,
      settlement: approved ? 'pending' : o.result.outcome === 'error' ? 'error' : null,
      createdAt: new Date(store.now()),
    };
  }

  function invalidKey(o: { amountCents: number; invoice: string; idempotencyKey: string }, message: string): TPaymentTransaction {
    return record(
      {
        ...charge({
          card: { brand: null, last4: null },
          result: { outcome: 'error', authorizedPercent: 0, declineReason: null, errorCode: 'payment_key_invalid', message },
          ...o,
          save: false,
        }),
      },
      o.idempotencyKey,
    );
  }

  function terminalState(p: TSimulatorPayRequest): TTerminalRequest {
    const step = Math.floor((store.now() - p.startedAt) / stepMs);
    let state: TTerminalRequestState = step === 0 ? 'pending' : 'processing';
    let status = TERMINAL_STEPS[Math.min(step, TERMINAL_STEPS.length - 1)]!;
    if (p.canceled) [state, status] = ['canceled', 'canceled'];
    else if (step >= TERMINAL_STEPS.length) {
      if (!p.transaction)
        p.transaction = record(
          charge({
            card: TERMINAL_CARD,
            result: { outcome: 'approved', authorizedPercent: 100, declineReason: null, errorCode: null, message: 'Approved' },
            amountCents: p.amountCents,
            invoice: p.invoice,
            idempotencyKey: p.idempotencyKey,
            save: false,
          }),
          p.idempotencyKey,
        );
      [state, status] = ['complete', 'transaction complete'];
    }
    return { key: p.key, state, providerStatus: status, transaction: state === 'complete' ? p.transaction : null, expiresAt: new Date(p.startedAt + 180_000) };
  }

  const devices = (): TTerminalDevice[] =>
    (opts.terminals ?? []).map((t) => ({
      key: `sim_${t.serial}`,
      name: t.description,
      serial: t.serial,
      model: 'Simulator',
      status: 'connected',
      providerStatus: 'connected',
    }));

  return {
    provider: 'simulator',
    verifyCredentials: async () => ({ statusCode: 200, message: 'Simulator: no credentials needed.' }),
    getPublicKey: async () => 'simulator',
    async sale(o) {
      if (!Number.isSafeInteger(o.amountCents) || o.amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents');
      const earlier = replay(o.idempotencyKey);
      if (earlier) return earlier;
      const base = { amountCents: o.amountCents, invoice: o.invoice, idempotencyKey: o.idempotencyKey };
      if (o.source.kind === 'token') {
        const saved = store.savedCards.get(o.source.token);
        if (!saved) return invalidKey(base, 'Unknown card token');
        return record(charge({ ...base, ...saved, save: false }), o.idempotencyKey);
      }
      const entry = store.paymentKeys.get(o.source.paymentKey);
      if (!entry || entry.expiresAt < store.now()) return invalidKey(base, 'Invalid or expired payment key');
      if (entry.usedBy) return invalidKey(base, 'Payment key already used');
      const tx = record(charge({ ...base, card: entry.card, result: entry.result, save: o.saveCard ?? false }), o.idempotencyKey);
      entry.usedBy = tx.key;
      return tx;
    },
    getTransaction: async (o) => store.transactions.get(o.transactionKey) ?? null,
    findTransaction: async (o) => {
      const key = store.attempts.get(o.idempotencyKey);
      return (key && store.transactions.get(key)) || null;
    },
    async refund(o) {
      const earlier = replay(o.idempotencyKey);
      if (earlier) return earlier;
      const sale = store.transactions.get(o.transactionKey);
      if (!sale || sale.kind !== 'sale') throw fail('not_found', 'Simulator: no such sale.');
      if (sale.settlement === 'voided' || (sale.outcome !== 'approved' && sale.outcome !== 'partial'))
        throw fail('rejected', 'Simulator: this sale cannot be refunded.');
      const remaining = sale.authorizedCents - (store.refunded.get(sale.key) ?? 0);
      const amount = o.amountCents ?? remaining;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining)
        throw fail('rejected', `Simulator: refund amount exceeds the ${remaining} cents left to refund.`);
      store.refunded.set(sale.key, (store.refunded.get(sale.key) ?? 0) + amount);
      return record(
        {
          ...sale,
          key: simulatorId('tx'),
          kind: 'refund',
          amountCents: amount,
          authorizedCents: amount,
          duplicate: false,
          savedCardToken: null,
          orderId: o.idempotencyKey,
          createdAt: new Date(store.now()),
        },
        o.idempotencyKey,
      );
    },
    async void(o) {
      const sale = store.transactions.get(o.transactionKey);
      if (!sale) throw fail('not_found', 'Simulator: no such transaction.');
      if (sale.settlement !== 'pending' || (store.refunded.get(sale.key) ?? 0) > 0)
        throw fail('rejected', 'Simulator: only an unsettled, unrefunded sale can be voided.');
      const voided = { ...sale, settlement: 'voided' as const };
      store.transactions.set(sale.key, voided);
      return { ...voided, kind: 'void' };
    },
    listTerminals: async () => devices(),
    // The simulator keeps no customer vault.
    listCustomers: async () => ({ customers: [], total: 0 }),
    async createTerminalRequest(o) {
      if (!Number.isSafeInteger(o.amountCents) || o.amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents');
      if (!devices().some((d) => d.key === o.deviceKey)) throw fail('not_found', `Simulator: unknown terminal ${o.deviceKey}.`);
      for (const p of store.payRequests.values())
        if (p.deviceKey === o.deviceKey && ['pending', 'processing'].includes(terminalState(p).state))
          throw fail('busy', 'Simulator: the terminal is processing another transaction.');
      const p: TSimulatorPayRequest = {
        key: simulatorId('pr'),
        deviceKey: o.deviceKey,
        amountCents: o.amountCents,
        invoice: o.invoice,
        idempotencyKey: o.idempotencyKey,
        startedAt: store.now(),
        canceled: false,
        transaction: null,
      };
      store.payRequests.set(p.key, p);
      capMap(store.payRequests);
      return terminalState(p);
    },
    async getTerminalRequest(o) {
      const p = store.payRequests.get(o.requestKey);
      if (!p) throw fail('not_found', 'Simulator: no such terminal request.');
      return terminalState(p);
    },
    async cancelTerminalRequest(o) {
      const p = store.payRequests.get(o.requestKey);
      if (!p) throw fail('not_found', 'Simulator: no such terminal request.');
      if (terminalState(p).state !== 'complete') p.canceled = true;
    },
    verifyWebhook: () => ({ ok: false, refusal: 'not_configured' }),
  };
}
