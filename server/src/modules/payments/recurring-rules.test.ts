import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, grantPaymentRole, insertCustomer } from '../../../test/payment-operations-fixtures';
import { runInScope } from '../../db/client';
import { decryptSecret } from '../../lib/crypto';
import { PaymentError, tokenizeSimulatorCard } from '../../payments/payments';
import { paymentSimulatorStore, processorForCompany } from './payments.processor';
import { RECURRING_NOT_CHARGED } from './recurring-rules.charge';
import { chargeDueRules, reconcileRecurringCharges } from './recurring-rules.jobs';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let admin: string;
let payer: string;
let agent: string;
let intruder: string;
let customer: number;
const quiet = { info: () => undefined, warn: () => undefined };
const consent = { name: 'Alice Doe', text: 'I agree to be charged $25.00 every month on the 5th until I cancel.' };
const PATH = '/api/payment/recurring_rules';

const keyOf = (number = '4000100011112224') => {
  const k = tokenizeSimulatorCard({ store: paymentSimulatorStore(t.app.deps.config), number, expiration: '12/39', cvc: '123' });
  if (!('paymentKey' in k)) throw new Error('tokenise failed');
  return k.paymentKey;
};
const create = (payload: object, token = payer) => t.app.inject({ method: 'POST', url: PATH, headers: bearer(token), payload });
const body = (over: object = {}) => ({ customer, amountCents: 2500, dayOfMonth: 5, paymentKey: keyOf(), consent, idempotencyKey: randomUUID(), ...over });
const deps = () => ({ deps: t.app.deps, log: quiet });
const q = (text: ReturnType<typeof sql>) => runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(text));
const makeDue = (id: number) => q(sql`update payment_recurring_rules set next_charge_at = now() - interval '1 minute' where id = ${id}`);
/** The job counts every due rule of the company: earlier tests' rules (any order) are moved out of the way. */
const onlyDue = (id: number) => q(sql`update payment_recurring_rules set next_charge_at = now() + interval '10 years' where id <> ${id}`);
const dueAt = (rule: { nextChargeAt: string }) => new Date(new Date(rule.nextChargeAt).getTime() + 60_000);
const charges = async (id: number) =>
  (await q(sql`select period, state, message, transaction_id from payment_recurring_charges where rule_id = ${id} order by period`)).rows as {
    period: string;
    state: string;
    message: string | null;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  await enablePayments(t, a);
  await enablePayments(t, b);
  await grantPaymentRole(t, a.user2.id);
  admin = (await login(t.app, a.admin.email)).token;
  payer = (await login(t.app, a.user2.email)).token;
  agent = (await login(t.app, a.agent.email)).token;
  intruder = (await login(t.app, b.admin.email)).token;
  customer = await insertCustomer(t, a.companyId, { firstName: 'Alice', lastName: 'Doe' });
});
afterAll(() => t?.close());

describe('creating a rule', () => {
  it('charges the first month with a new card, saves the card with the consent and starts the rule', async () => {
    const res = await create(body());
    expect(res.statusCode).toBe(201);
    const rule = res.json();
    expect(rule).toMatchObject({ enabled: true, amountCents: 2500, dayOfMonth: 5, failures: 0, endedAt: null, consent: { name: 'Alice Doe' } });
    expect(rule.savedCard).toMatchObject({ cardBrand: 'visa', cardLast4: '2224', consentName: 'Alice Doe' });
    expect(rule.charges).toHaveLength(1);
    expect(rule.charges[0]).toMatchObject({ state: 'approved', amountCents: 2500 });
    expect(rule.charges[0].transaction).toMatch(/^\/api\/payment\/transactions\/\d+$/);
    expect(new Date(rule.nextChargeAt).getTime()).toBeGreaterThan(Date.now());
    expect(res.body).not.toMatch(/tok_|4000100011112224/);
    const listed = (await t.app.inject({ method: 'GET', url: `${PATH}?customer=${customer}`, headers: bearer(admin) })).json();
    expect(listed.member.map((m: { id: number }) => m.id)).toContain(rule.id);
  });

  it('the same idempotency key creates one rule and charges once', async () => {
    const payload = body();
    const [one, two] = await Promise.all([create(payload), create(payload)]);
    const ok = [one, two].filter((r) => r.statusCode === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect([one, two].every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const again = await create(payload);
    expect(again.statusCode).toBe(201);
    expect(await charges(again.json().id)).toHaveLength(1);
  });

  it('a declined first card creates no live rule (422)', async () => {
    const res = await create(body({ paymentKey: keyOf('4000300011112220') }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0]).toMatchObject({ propertyPath: 'paymentKey', code: 'payment_recurring_first_charge_failed' });
  });

  it('requires consent, valid terms, a known customer; roles and other companies are refused', async () => {
    for (const bad of [
      { consent: undefined },
      { consent: { name: '', text: consent.text } },
      { consent: { name: 'A', text: 'too short' } },
      { dayOfMonth: 29 },
      { dayOfMonth: 0 },
      { amountCents: 0 },
      { amountCents: 1.5 },
      { idempotencyKey: 'x' },
      { savedCard: 1 },
      { paymentKey: undefined },
      { extra: true },
      { description: 'a\u0007b' },
    ])
      expect((await create(body(bad))).statusCode, JSON.stringify(bad)).toBe(422);
    expect((await create(body({ customer: 999_999_999 }))).statusCode).toBe(422);
    expect((await create(body({ paymentKey: undefined, savedCard: 999_999 }))).statusCode).toBe(422);
    expect((await create(body(), agent)).statusCode).toBe(403);
    // Another company's customer looks missing.
    expect((await create(body(), intruder)).statusCode).toBe(422);
    const rule = (await create(body())).json();
    for (const [method, url] of [
      ['GET', `${PATH}/${rule.id}`],
      ['PATCH', `${PATH}/${rule.id}`],
      ['POST', `${PATH}/${rule.id}/cancel`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(intruder), payload: method === 'GET' ? undefined : { enabled: false } });
      expect(res.statusCode, url).toBe(method === 'POST' ? 422 : 404);
    }
    expect((await t.app.inject({ method: 'GET', url: `${PATH}/${rule.id}`, headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PATH, headers: bearer(intruder) })).json().member).toEqual([]);
  });
});

describe('the monthly job', () => {
  it('charges a due rule once per period, even when runs overlap', async () => {
    const rule = (await create(body())).json();
    await onlyDue(rule.id);
    // This month was the first charge: a run now finds nothing; at the next charge day, overlapping runs charge once.
    await makeDue(rule.id);
    expect(await chargeDueRules(deps())).toBe(0);
    const at = { ...deps(), now: dueAt(rule) };
    const runs = await Promise.all([chargeDueRules(at), chargeDueRules(at), chargeDueRules(at)]);
    expect(runs.reduce((s, n) => s + n, 0)).toBe(1);
    expect(await chargeDueRules(at)).toBe(0);
    const list = await charges(rule.id);
    expect(list).toHaveLength(2);
    expect(list.every((c) => c.state === 'approved')).toBe(true);
    const after = (await t.app.inject({ method: 'GET', url: `${PATH}/${rule.id}`, headers: bearer(payer) })).json();
    expect(new Date(after.nextChargeAt).getTime()).toBeGreaterThan(Date.now());
    expect(after.lastChargedAt).not.toBeNull();
  });

  it('a declined month fails that period, counts a failure and tells the payment role', async () => {
    const rule = (await create(body())).json();
    await onlyDue(rule.id);
    const [row] = (
      await q(
        sql`select s.token_encrypted from payment_saved_cards s join payment_recurring_rules r on r.saved_card_id = s.id and r.company_id = s.company_id where r.id = ${rule.id}`,
      )
    ).rows as { token_encrypted: string }[];
    const token = decryptSecret(t.app.deps.config.encryptionKey, row!.token_encrypted);
    const saved = paymentSimulatorStore(t.app.deps.config).savedCards.get(token)!;
    saved.result = { outcome: 'declined', authorizedPercent: 0, declineReason: 'insufficient_funds', errorCode: '10004', message: 'Insufficient funds' };
    expect(await chargeDueRules({ ...deps(), now: dueAt(rule) })).toBe(1);
    const list = await charges(rule.id);
    expect(list.at(-1)).toMatchObject({ state: 'declined', message: 'Insufficient funds' });
    const after = (await t.app.inject({ method: 'GET', url: `${PATH}/${rule.id}`, headers: bearer(payer) })).json();
    expect(after).toMatchObject({ failures: 1, enabled: true });
    const events = await q(
      sql`select topics::text as topics from live_events where payload::text like '%payment_recurring_rule%' and payload::text like '%failures%' and payload::text like ${`%/api/payment/recurring_rules/${rule.id}"%`}`,
    );
    expect(events.rows.length).toBeGreaterThan(0);
    expect(String((events.rows[0] as { topics: string }).topics)).toContain('ROLE_PAYMENT');
  });

  it('a paused rule is not charged; resumed it plans the next day; a cancelled rule is final', async () => {
    const rule = (await create(body())).json();
    await onlyDue(rule.id);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `${PATH}/${rule.id}`, headers: bearer(payer), payload });
    expect((await patch({ enabled: false })).json().enabled).toBe(false);
    await makeDue(rule.id);
    await chargeDueRules(deps());
    expect(await charges(rule.id)).toHaveLength(1);
    const resumed = (await patch({ enabled: true })).json();
    expect(new Date(resumed.nextChargeAt).getTime()).toBeGreaterThan(Date.now());
    expect((await patch({ amountCents: 3000 })).statusCode).toBe(422);
    expect((await patch({ amountCents: 3000, consent })).json().amountCents).toBe(3000);
    const cancelled = await t.app.inject({ method: 'POST', url: `${PATH}/${rule.id}/cancel`, headers: bearer(payer), payload: {} });
    expect(cancelled.json()).toMatchObject({ enabled: false });
    expect(cancelled.json().endedAt).not.toBeNull();
    expect((await patch({ enabled: true })).statusCode).toBe(409);
    await makeDue(rule.id);
    expect(await chargeDueRules(deps())).toBe(0);
  });

  it('an unknown outcome is kept, never charged again, and reconciled by its key', async () => {
    const rule = (await create(body())).json();
    await onlyDue(rule.id);
    const timingOut = () => {
      const real = processorForCompany({
        config: t.app.deps.config,
        company: { id: a.companyId, payment: { provider: 'current', enabled: true } },
        log: quiet,
      })!;
      return {
        ...real,
        sale: async () => {
          throw new PaymentError({ provider: 'simulator', kind: 'timeout', message: 'timed out', outcomeUnknown: true, retryable: true });
        },
      };
    };
    expect(await chargeDueRules({ ...deps(), now: dueAt(rule), processorOf: timingOut })).toBe(1);
    expect((await charges(rule.id)).at(-1)).toMatchObject({ state: 'unknown' });
    expect(await chargeDueRules({ ...deps(), now: dueAt(rule) })).toBe(0);
    // The processor has no sale under the key: not yet given up, then (10 minutes on) the month failed.
    expect(await reconcileRecurringCharges(deps())).toBe(0);
    expect(await reconcileRecurringCharges({ ...deps(), now: new Date(Date.now() + 11 * 60_000) })).toBe(1);
    expect((await charges(rule.id)).at(-1)).toMatchObject({ state: 'error', message: RECURRING_NOT_CHARGED });
  });
});
