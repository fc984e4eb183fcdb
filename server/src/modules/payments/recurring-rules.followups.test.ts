import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECURRING_CARD_EXPIRED, RECURRING_CARD_REVOKED } from '@cd/contracts/payment-operations';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, grantPaymentRole, insertCustomer } from '../../../test/payment-operations-fixtures';
import { runInScope } from '../../db/client';
import { tokenizeSimulatorCard } from '../../payments/payments';
import { paymentSimulatorStore } from './payments.processor';
import { chargeTimeOf, nextPeriodOf, periodOf } from './recurring-rules.dates';
import { chargeDueRules } from './recurring-rules.jobs';
import { expiryOfVault } from './sync-customers.service';

/** Issue 17 follow-ups: a rule's start and end months, revoking a saved card, and a saved card's expiry. */
let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let admin: string;
let payer: string;
let agent: string;
let intruder: string;
let customer: number;
let timeZone: string;
const quiet = { info: () => undefined, warn: () => undefined };
const consent = { name: 'Bob Roe', text: 'I agree to be charged $30.00 every month on the 3rd from the months agreed.' };
const PATH = '/api/payment/recurring_rules';

const keyOf = (number = '4000100011112224') => {
  const k = tokenizeSimulatorCard({ store: paymentSimulatorStore(t.app.deps.config), number, expiration: '12/39', cvc: '123' });
  if (!('paymentKey' in k)) throw new Error('tokenise failed');
  return k.paymentKey;
};
const post = (url: string, payload: object, token = payer) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const patch = (id: number, payload: object, token = payer) =>
  t.app.inject({ method: 'PATCH', url: `${PATH}/${id}`, headers: { ...bearer(token), 'content-type': 'application/merge-patch+json' }, payload });
const get = (url: string, token = payer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const body = (over: object = {}) => ({ customer, amountCents: 3000, dayOfMonth: 3, paymentKey: keyOf(), consent, idempotencyKey: randomUUID(), ...over });
const q = (text: ReturnType<typeof sql>) => runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(text));
/** The job counts every due rule: the other rules of this file are moved out of the way. */
const onlyDue = (id: number) => q(sql`update payment_recurring_rules set next_charge_at = now() + interval '10 years' where id <> ${id}`);
const charges = async (id: number) =>
  (await q(sql`select period, state, message, transaction_id from payment_recurring_charges where rule_id = ${id} order by period`)).rows as {
    period: string;
    state: string;
    message: string | null;
    transaction_id: unknown;
  }[];
const monthsFrom = (period: string, n: number) => Array.from({ length: n }).reduce<string>((p) => nextPeriodOf(p), period);
const previousPeriod = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const thisMonth = () => periodOf(new Date(), timeZone);

/** A rule on a new card (first month charged now); its saved card id. */
async function ruleWithNewCard(over: object = {}) {
  const res = await post(PATH, body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; savedCard: { id: number }; nextChargeAt: string | null; status: string };
}

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
  customer = await insertCustomer(t, a.companyId, { firstName: 'Bob', lastName: 'Roe' });
  timeZone = String((await q(sql`select timezone from companies where id = ${a.companyId}`)).rows[0]!.timezone);
});
afterAll(() => t?.close());

describe('start and end months', () => {
  it('a rule ending this month charges its first month and is finished: the job never charges it again', async () => {
    const rule = await ruleWithNewCard({ endMonth: thisMonth() });
    expect(rule).toMatchObject({ endMonth: thisMonth(), startMonth: null, nextChargeAt: null, status: 'finished' });
    await q(sql`update payment_recurring_rules set next_charge_at = null where id = ${rule.id}`);
    await chargeDueRules({ deps: t.app.deps, log: quiet, now: new Date(Date.now() + 70 * 86_400_000) });
    expect(await charges(rule.id)).toHaveLength(1);
  });

  it('a saved-card rule starting later is scheduled, charged first in its start month and last in its end month', async () => {
    const first = await ruleWithNewCard();
    const start = monthsFrom(thisMonth(), 2);
    const end = monthsFrom(start, 1);
    const res = await post(PATH, body({ paymentKey: undefined, savedCard: first.savedCard.id, startMonth: start, endMonth: end }));
    expect(res.statusCode, res.body).toBe(201);
    const rule = res.json();
    expect(rule).toMatchObject({ startMonth: start, endMonth: end, status: 'scheduled', charges: [] });
    expect(rule.nextChargeAt).toBe(chargeTimeOf({ period: start, dayOfMonth: 3, timeZone }).toISOString());
    await onlyDue(rule.id);
    await q(sql`update payment_recurring_rules set next_charge_at = ${rule.nextChargeAt}::timestamptz where id = ${rule.id}`);
    // Nothing before the start month.
    expect(await chargeDueRules({ deps: t.app.deps, log: quiet, now: new Date(new Date(rule.nextChargeAt).getTime() - 60_000) })).toBe(0);
    const startAt = new Date(new Date(rule.nextChargeAt).getTime() + 60_000);
    expect(await chargeDueRules({ deps: t.app.deps, log: quiet, now: startAt })).toBe(1);
    const afterStart = (await get(`${PATH}/${rule.id}`)).json();
    expect(afterStart.nextChargeAt).toBe(chargeTimeOf({ period: end, dayOfMonth: 3, timeZone }).toISOString());
    const endAt = new Date(new Date(afterStart.nextChargeAt).getTime() + 60_000);
    expect(await chargeDueRules({ deps: t.app.deps, log: quiet, now: endAt })).toBe(1);
    // Past the end month: no next charge, nothing more charged.
    expect((await get(`${PATH}/${rule.id}`)).json()).toMatchObject({ nextChargeAt: null, status: 'finished' });
    expect(await chargeDueRules({ deps: t.app.deps, log: quiet, now: new Date(endAt.getTime() + 62 * 86_400_000) })).toBe(0);
    expect((await charges(rule.id)).map((c) => [c.period, c.state])).toEqual([
      [start, 'approved'],
      [end, 'approved'],
    ]);
  });

  it('the job charges nothing outside the months even when a rule is due (a moved clock, an old row)', async () => {
    const rule = await ruleWithNewCard();
    const past = previousPeriod(thisMonth());
    await q(sql`update payment_recurring_rules set end_month = ${past}, next_charge_at = now() - interval '1 minute' where id = ${rule.id}`);
    await onlyDue(rule.id);
    await q(sql`update payment_recurring_rules set next_charge_at = now() - interval '1 minute' where id = ${rule.id}`);
    expect(await chargeDueRules({ deps: t.app.deps, log: quiet })).toBe(0);
    expect(await charges(rule.id)).toHaveLength(1);
    expect((await get(`${PATH}/${rule.id}`)).json()).toMatchObject({ nextChargeAt: null, status: 'finished' });
  });

  it('refuses months out of order, an end already past, a new card starting later and malformed months (422)', async () => {
    const now = thisMonth();
    for (const bad of [
      { startMonth: monthsFrom(now, 2), endMonth: monthsFrom(now, 1) },
      { endMonth: previousPeriod(now) },
      { startMonth: monthsFrom(now, 1) },
      { startMonth: '2025-13' },
      { endMonth: '25-01' },
      { endMonth: '2025-1' },
      { startMonth: 202501 },
      { endMonth: 'x'.repeat(10_000) },
      { startMonth: '(a+)+$' },
      { cardExpiry: { month: 13, year: 2030 } },
      { cardExpiry: { month: 1, year: 30 } },
      { cardExpiry: { month: 1 } },
    ]) {
      const res = await post(PATH, body(bad));
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(422);
    }
  });

  it('changing months needs consent and keeps them in order; the next charge follows them', async () => {
    const rule = await ruleWithNewCard();
    const end = monthsFrom(thisMonth(), 3);
    expect((await patch(rule.id, { endMonth: end })).statusCode).toBe(422);
    expect((await patch(rule.id, { startMonth: monthsFrom(end, 1), endMonth: end, consent })).statusCode).toBe(422);
    const start = monthsFrom(thisMonth(), 2);
    const ok = await patch(rule.id, { startMonth: start, endMonth: end, consent });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ startMonth: start, endMonth: end, status: 'scheduled' });
    expect(ok.json().nextChargeAt).toBe(chargeTimeOf({ period: start, dayOfMonth: 3, timeZone }).toISOString());
    const cleared = await patch(rule.id, { startMonth: null, endMonth: null, consent });
    expect(cleared.json()).toMatchObject({ startMonth: null, endMonth: null, status: 'active' });
    expect((await patch(rule.id, { startMonth: null, consent }, intruder)).statusCode).toBe(404);
  });
});

describe('revoking a saved card', () => {
  it('stops its rules (status shown, never charged), keeps the consent, and answers a second revoke as it is', async () => {
    const rule = await ruleWithNewCard();
    const before = (await get(`${PATH}/${rule.id}`)).json();
    const url = `/api/payment/saved_cards/${rule.savedCard.id}/revoke`;
    expect((await post(url, {}, agent)).statusCode).toBe(403);
    expect((await post(url, {}, intruder)).statusCode).toBe(404);
    const res = await post(url, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rulesStopped: 1, savedCard: { id: rule.savedCard.id, consentName: 'Bob Roe' } });
    expect(res.json().savedCard.revokedAt).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/tok_|token/i);
    const after = (await get(`${PATH}/${rule.id}`)).json();
    expect(after).toMatchObject({ status: 'card_revoked', enabled: false, nextChargeAt: null, endedAt: null, consent: before.consent });
    expect(after.savedCard.consentAt).toBe(before.savedCard.consentAt);
    // Due or not, the job never charges it; it cannot be resumed or re-termed (cancelling still records the end).
    await onlyDue(rule.id);
    await q(sql`update payment_recurring_rules set next_charge_at = now() - interval '1 minute', enabled = true where id = ${rule.id}`);
    expect(await chargeDueRules({ deps: t.app.deps, log: quiet })).toBe(0);
    expect(await charges(rule.id)).toHaveLength(1);
    expect((await get(`${PATH}/${rule.id}`)).json()).toMatchObject({ enabled: false, nextChargeAt: null });
    const resume = await patch(rule.id, { enabled: true });
    expect(resume.statusCode).toBe(409);
    expect(resume.json().detail ?? resume.body).toContain(RECURRING_CARD_REVOKED);
    const again = await post(url, {});
    expect(again.json()).toMatchObject({ rulesStopped: 0, savedCard: { revokedAt: res.json().savedCard.revokedAt } });
    // The revoked card cannot start a new rule.
    expect((await post(PATH, body({ paymentKey: undefined, savedCard: rule.savedCard.id }))).statusCode).toBe(422);
    expect((await post(`${PATH}/${rule.id}/cancel`, {})).json()).toMatchObject({ status: 'cancelled' });
  });

  it('two revokes at once stop the rules once', async () => {
    const rule = await ruleWithNewCard();
    const url = `/api/payment/saved_cards/${rule.savedCard.id}/revoke`;
    const answers = await Promise.all([post(url, {}), post(url, {}, admin)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().rulesStopped).sort()).toEqual([0, 1]);
  });

  it('unknown and malformed ids answer 404/400, bodies other than {} 400/422', async () => {
    expect((await post('/api/payment/saved_cards/999999999/revoke', {})).statusCode).toBe(404);
    expect([400, 404]).toContain((await post('/api/payment/saved_cards/abc/revoke', {})).statusCode);
    const rule = await ruleWithNewCard();
    expect([400, 422]).toContain((await post(`/api/payment/saved_cards/${rule.savedCard.id}/revoke`, { reason: 'x' })).statusCode);
  });
});

describe('the saved cards list', () => {
  it('lists the cards a new rule may charge with their customer, leaves revoked ones out, and stays in the company', async () => {
    const other = await insertCustomer(t, a.companyId, { firstName: 'Ann', lastName: 'Lee' });
    const kept = await ruleWithNewCard();
    const gone = await ruleWithNewCard();
    const elsewhere = await ruleWithNewCard({ customer: other });
    await post(`/api/payment/saved_cards/${gone.savedCard.id}/revoke`, {});
    const res = await get(`/api/payment/saved_cards?customer=${customer}`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().member.map((c: { id: number }) => c.id);
    expect(ids).toContain(kept.savedCard.id);
    expect(ids).not.toContain(gone.savedCard.id);
    expect(ids).not.toContain(elsewhere.savedCard.id);
    expect(res.json().member[0]).toMatchObject({ customer: { id: customer, name: 'Bob Roe' }, revokedAt: null, cardLast4: expect.any(String) });
    expect(res.body).not.toMatch(/tok_|token/i);
    const all = (await get('/api/payment/saved_cards')).json().member.map((c: { id: number }) => c.id);
    expect(all).toEqual(expect.arrayContaining([kept.savedCard.id, elsewhere.savedCard.id]));
    expect((await get('/api/payment/saved_cards', agent)).statusCode).toBe(403);
    expect((await get('/api/payment/saved_cards', intruder)).json().member.map((c: { id: number }) => c.id)).not.toContain(kept.savedCard.id);
    for (const bad of ['customer=abc', 'customer=-1', 'customer=/api/users/1'])
      expect([400, 422], bad).toContain((await get(`/api/payment/saved_cards?${bad}`)).statusCode);
  });
});

describe('saved card expiry', () => {
  it('is kept from the card form and shown', async () => {
    const rule = await ruleWithNewCard({ cardExpiry: { month: 12, year: 2039 } });
    expect((await get(`${PATH}/${rule.id}`)).json().savedCard).toMatchObject({ expiryMonth: 12, expiryYear: 2039, expired: false });
    const older = await ruleWithNewCard();
    expect((await get(`${PATH}/${older.id}`)).json().savedCard).toMatchObject({ expiryMonth: null, expiryYear: null, expired: false });
  });

  it('skips the month of an expired card with a reason and tells the rule’s author; the next card month is not blocked', async () => {
    const now = thisMonth();
    const [y, m] = now.split('-').map(Number) as [number, number];
    // Good through this month: the first charge goes through, next month's is skipped.
    const rule = await ruleWithNewCard({ cardExpiry: { month: m, year: y } });
    const next = (await get(`${PATH}/${rule.id}`)).json();
    expect(next.savedCard).toMatchObject({ expiryMonth: m, expiryYear: y, expired: false });
    await onlyDue(rule.id);
    await q(sql`update payment_recurring_rules set next_charge_at = ${next.nextChargeAt}::timestamptz where id = ${rule.id}`);
    const at = new Date(new Date(next.nextChargeAt).getTime() + 60_000);
    await Promise.all([chargeDueRules({ deps: t.app.deps, log: quiet, now: at }), chargeDueRules({ deps: t.app.deps, log: quiet, now: at })]);
    const rows = await charges(rule.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ period: nextPeriodOf(now), state: 'error', message: RECURRING_CARD_EXPIRED, transaction_id: null });
    const after = (await get(`${PATH}/${rule.id}`)).json();
    expect(after).toMatchObject({ failures: 0, enabled: true });
    expect(after.charges[0]).toMatchObject({ state: 'error', message: RECURRING_CARD_EXPIRED });
    const notes = (
      await q(
        sql`select user_id, kind, body from notifications where company_id = ${a.companyId} and dedupe_key = ${`payment_recurring_card_expired:${rule.id}:${nextPeriodOf(now)}`}`,
      )
    ).rows as { user_id: unknown; kind: string; body: string }[];
    expect(notes).toHaveLength(1);
    expect(Number(notes[0]!.user_id)).toBe(a.user2.id);
    expect(notes[0]!.body).toContain('expired');
    // The transactions list got no sale for the skipped month.
    const sales = await q(
      sql`select count(*)::int as n from payment_transactions where customer_id = ${customer} and created_at > ${at.toISOString()}::timestamptz`,
    );
    expect(Number((sales.rows[0] as { n: number }).n)).toBe(0);
  });

  it('reads the vault’s MMYY', () => {
    expect(expiryOfVault('0931')).toEqual({ expiryMonth: 9, expiryYear: 2031 });
    expect(expiryOfVault('1399')).toEqual({ expiryMonth: null, expiryYear: null });
    expect(expiryOfVault(null)).toEqual({ expiryMonth: null, expiryYear: null });
    expect(expiryOfVault('9/31')).toEqual({ expiryMonth: null, expiryYear: null });
  });
});
