import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_PARTIAL_NOT_VOIDED, TERMINAL_PARTIAL_VOIDED } from '@cd/contracts/payment-operations';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, insertPaymentRequest } from '../../../test/payment-operations-fixtures';
import { runInScope } from '../../db/client';
import type { TPaymentTransaction } from '../../payments/payments';
import { paymentSimulatorStore } from './payments.processor';

/**
 * Issue 17 follow-up: a terminal that approves less than asked. The simulator terminal is made to answer a partial
 * approval (its pay request's transaction set before it completes); the poll job voids it and fails the attempt.
 */
let t: TTestApp;
let a: TSeededCompany;
let admin: string;

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: payload as object });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (text: ReturnType<typeof sql>) => runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(text));

/** The simulator's pay request of this invoice answers `percent` of its amount when it completes. */
function answerPartially(invoice: string, percent: number, settlement: TPaymentTransaction['settlement']): TPaymentTransaction {
  const store = paymentSimulatorStore(t.app.deps.config);
  const p = [...store.payRequests.values()].find((r) => r.invoice === invoice);
  if (!p) throw new Error('no simulator pay request');
  const tx: TPaymentTransaction = {
    key: `tx_partial_${invoice}`,
    refnum: null,
    kind: 'sale',
    outcome: 'partial',
    amountCents: p.amountCents,
    authorizedCents: Math.round((p.amountCents * percent) / 100),
    authCode: 'P1',
    card: { brand: 'visa', last4: '2275' },
    invoice,
    orderId: p.idempotencyKey,
    declineReason: null,
    errorCode: null,
    message: 'Partially Approved',
    duplicate: false,
    savedCardToken: null,
    settlement,
    createdAt: new Date(),
  };
  store.transactions.set(tx.key, tx);
  p.transaction = tx;
  return tx;
}

async function waitForTerminal(requestId: number): Promise<{ state: string; transaction: string | null; message: string | null }> {
  for (let i = 0; i < 30; i++) {
    await t.app.deps.jobs.drain();
    const res = (await get(`/api/payment_requests/${requestId}/terminal`)).json();
    if (!['creating', 'pending', 'processing'].includes(res.state)) return res;
    await sleep(500);
  }
  throw new Error('terminal request never finished');
}

const attemptOf = async (requestId: number) =>
  (await q(sql`select state, error_code, message from payment_attempts where payment_request_id = ${requestId}`)).rows as {
    state: string;
    error_code: string | null;
    message: string | null;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  await enablePayments(t, a);
  admin = (await login(t.app, a.admin.email)).token;
});
afterAll(() => t?.close());

describe('a terminal partial approval', () => {
  it('is voided at the processor, the attempt fails with the reason, and the request stays payable', async () => {
    const invoice = `PART-${Date.now()}`;
    const id = await insertPaymentRequest(t, a.companyId, { amountCents: 8000, invoice });
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ADMIN' })).statusCode).toBe(201);
    const partial = answerPartially(invoice, 50, 'pending');
    const done = await waitForTerminal(id);
    expect(done).toMatchObject({ state: 'failed', message: TERMINAL_PARTIAL_VOIDED });
    expect(paymentSimulatorStore(t.app.deps.config).transactions.get(partial.key)!.settlement).toBe('voided');
    const [attempt] = await attemptOf(id);
    expect(attempt).toMatchObject({ state: 'error', error_code: 'partial_approval_voided' });
    expect(attempt!.message).toMatch(/approved only .*40\.00.* of .*80\.00.*voided/);
    expect((await get(`/api/payment_requests/${id}`)).json()).toMatchObject({ status: 'sent' });
    // Kept on the list for the record, as voided: nothing to refund.
    const sale = (await get(done.transaction!)).json();
    expect(sale).toMatchObject({ status: 'voided', amountCents: 4000, method: 'terminal' });
    // The request can be taken again.
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ADMIN' })).statusCode).toBe(201);
    await post(`/api/payment_requests/${id}/terminal/cancel`, {});
  });

  it('when the void fails, the held amount is flagged for a refund and the attempt says so', async () => {
    const invoice = `PARTX-${Date.now()}`;
    const id = await insertPaymentRequest(t, a.companyId, { amountCents: 6000, invoice });
    expect((await post(`/api/payment_requests/${id}/terminal`, { serial: 'T-ALL' })).statusCode).toBe(201);
    // Already settled: the simulator refuses to void it.
    answerPartially(invoice, 75, 'settled');
    const done = await waitForTerminal(id);
    expect(done).toMatchObject({ state: 'failed', message: TERMINAL_PARTIAL_NOT_VOIDED });
    const [attempt] = await attemptOf(id);
    expect(attempt).toMatchObject({ state: 'error', error_code: 'partial_approval_not_voided' });
    expect((await get(`/api/payment_requests/${id}`)).json()).toMatchObject({ status: 'sent' });
    const sale = (await get(done.transaction!)).json();
    expect(sale).toMatchObject({ status: 'approved', amountCents: 4500 });
  });
});
