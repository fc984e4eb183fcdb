import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeLocalHourAfterDays } from '@cd/contracts/automation-schedule';
import { SURVEY_ALREADY_ANSWERED, SURVEY_CANCEL_REASONS } from '@cd/contracts/survey';
import { runInScope } from '../../db/client';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { loadOrder } from '../repair-orders/repair-orders.api';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller, flagUser, seedOrderWorld } from '../../../test/repair-order-fixtures';
import { configureSurveys, linkCodeIn, runAutomatedMessagesNow, surveyRowsOf } from '../../../test/survey-fixtures';
import { planSurveyOnClose } from './surveys.planning';

let t: TTestApp;
let s: TSeededCompany;
let token: string;
/** The company's time zone in these tests (one test moves it to New York for a while). */
const TZ = 'America/Chicago';

const setTimeZone = (tz: string) =>
  runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update companies set timezone = ${tz} where id = ${s.companyId}`));

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  token = (await login(t.app, s.admin.email)).token;
  await configureSurveys(t, s.companyId);
  await flagUser(t, s.agent.id, { advisor: true });
  await setTimeZone(TZ);
});
afterAll(() => t.close());

const threadOf = async (customerId: number) =>
  (await caller(t)('GET', `/api/messages?customer=${customerId}`, token)).json().member as { content: string; sender: string }[];

async function closedOrder(opts: { withoutSurvey?: boolean; world?: Awaited<ReturnType<typeof seedOrderWorld>> } = {}) {
  const call = caller(t);
  const w = opts.world ?? (await seedOrderWorld(t, s, token, { order: { serviceAdvisor: s.agent.id } }));
  let orderId = w.orderId;
  if (opts.world) {
    const o = await call('POST', '/api/repair_orders', token, {
      customer: w.customerId,
      number: `RO-${Date.now()}-${Math.random()}`.slice(0, 30),
      title: 'Oil',
      price: 0,
    });
    orderId = o.json().id;
  }
  const res = await call('PUT', `/api/repair_orders/${orderId}/close`, token, opts.withoutSurvey ? { withoutSurvey: true } : {});
  expect(res.statusCode, res.body).toBe(200);
  return { ...w, orderId, order: res.json() };
}

describe('planning a survey when an order closes', () => {
  it('plans it daysAfter days later at sendAtHour in the company time zone, and the order lists it as with survey', async () => {
    const c = await closedOrder();
    const [survey] = await surveyRowsOf(t, s.companyId, c.customerId);
    const expected = computeLocalHourAfterDays({ from: new Date(c.order.closedAt), days: 2, hour: 9, timeZone: TZ });
    expect(survey).toMatchObject({ state: 'planned', repairOrderId: c.orderId, sentAt: null });
    expect(survey!.dueAt.toISOString()).toBe(expected.toISOString());
    expect(c.order.survey).toBe(`/api/surveys/${survey!.id}`);
    const withSurvey = (await caller(t)('GET', `/api/repair_orders?customer=${c.customerId}&exists[survey]=true`, token)).json().member;
    expect(withSurvey.map((o: { id: number }) => o.id)).toEqual([c.orderId]);
  });

  it('keeps the local hour across a daylight-saving change (US, March 2027)', async () => {
    await setTimeZone('America/New_York');
    try {
      const w = await seedOrderWorld(t, s, token);
      // Closed on Friday 12 March 2027 at 10:00 EST; clocks go forward on Sunday the 14th.
      await runInScope(t.db, { companyId: null, system: true }, (tx) =>
        tx.execute(sql`update repair_orders set closed_at = '2027-03-12T15:00:00Z' where id = ${w.orderId}`),
      );
      await runWithLiveEvents({
        deps: t.app.deps,
        scope: { companyId: s.companyId },
        fn: async (tx, emit) => {
          const order = await loadOrder(tx, { companyId: s.companyId, id: w.orderId });
          await planSurveyOnClose({ tx, deps: t.app.deps, order, emit });
        },
      });
      const [survey] = await surveyRowsOf(t, s.companyId, w.customerId);
      // Two days later: Sunday 14 March 09:00 EDT (UTC−4), the clocks having gone forward that night; not 14:00Z (EST).
      expect(survey!.dueAt.toISOString()).toBe('2027-03-14T13:00:00.000Z');
    } finally {
      await setTimeZone(TZ);
    }
  });

  it('plans nothing for an order closed without survey; sending it by hand plans it now and moves the order', async () => {
    const call = caller(t);
    const c = await closedOrder({ withoutSurvey: true });
    expect(await surveyRowsOf(t, s.companyId, c.customerId)).toEqual([]);
    const without = (await call('GET', `/api/repair_orders?customer=${c.customerId}&exists[closedAt]=true&exists[survey]=false`, token)).json().member;
    expect(without.map((o: { id: number }) => o.id)).toEqual([c.orderId]);
    const sent = await call('PUT', `/api/repair_orders/${c.orderId}/send_survey`, token, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call('PUT', `/api/repair_orders/${c.orderId}/send_survey`, token, {})).statusCode).toBe(409);
    await t.app.deps.jobs.drain();
    const [survey] = await surveyRowsOf(t, s.companyId, c.customerId);
    expect(survey).toMatchObject({ state: 'pending' });
    expect((await threadOf(c.customerId)).filter((m) => m.content.startsWith('How did we do?'))).toHaveLength(1);
  });

  it('cancels a survey not sent yet when the order is reopened, and the order goes back to without survey', async () => {
    const call = caller(t);
    const c = await closedOrder();
    const reopened = await call('PUT', `/api/repair_orders/${c.orderId}/reopen`, token, {});
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().survey).toBeNull();
    const [survey] = await surveyRowsOf(t, s.companyId, c.customerId);
    expect(survey).toMatchObject({ state: 'cancelled', cancelReason: SURVEY_CANCEL_REASONS.reopened });
    await runAutomatedMessagesNow(t, s.companyId);
    expect((await threadOf(c.customerId)).filter((m) => m.content.startsWith('How did we do?'))).toEqual([]);
    // Closing again plans a fresh one.
    await call('PUT', `/api/repair_orders/${c.orderId}/close`, token, {});
    expect((await surveyRowsOf(t, s.companyId, c.customerId)).map((x) => x.state)).toEqual(['cancelled', 'planned']);
  });

  it('does not send to a customer who opted out: the survey is cancelled as opted out', async () => {
    const c = await closedOrder();
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update customers set opt_out = true where id = ${c.customerId}`));
    await runAutomatedMessagesNow(t, s.companyId);
    const [survey] = await surveyRowsOf(t, s.companyId, c.customerId);
    expect(survey).toMatchObject({ state: 'cancelled', cancelReason: SURVEY_CANCEL_REASONS.optedOut });
    expect((await threadOf(c.customerId)).filter((m) => m.content.startsWith('How did we do?'))).toEqual([]);
  });
});

describe('one survey per customer within the cooldown', () => {
  it('plans no second survey when a second order of the customer closes; a survey sent by hand still goes', async () => {
    const call = caller(t);
    const first = await closedOrder();
    const second = await closedOrder({ world: first });
    expect((await surveyRowsOf(t, s.companyId, first.customerId)).map((x) => x.repairOrderId)).toEqual([first.orderId]);
    expect(second.order.survey).toBeNull();
    expect((await call('PUT', `/api/repair_orders/${second.orderId}/send_survey`, token, {})).statusCode).toBe(200);
    expect(await surveyRowsOf(t, s.companyId, first.customerId)).toHaveLength(2);
  });

  it('cancels at send time a planned survey when another one went out to the customer meanwhile', async () => {
    const call = caller(t);
    const first = await closedOrder();
    const other = await call('POST', '/api/repair_orders', token, { customer: first.customerId, number: `RO-H-${Date.now()}`, title: 'Tyres', price: 0 });
    await call('PUT', `/api/repair_orders/${other.json().id}/close`, token, { withoutSurvey: true });
    await call('PUT', `/api/repair_orders/${other.json().id}/send_survey`, token, {});
    await t.app.deps.jobs.drain();
    await runAutomatedMessagesNow(t, s.companyId);
    const rows = await surveyRowsOf(t, s.companyId, first.customerId);
    expect(rows.map((r) => [r.repairOrderId, r.state, r.cancelReason])).toEqual([
      [first.orderId, 'cancelled', SURVEY_CANCEL_REASONS.cooldown],
      [other.json().id, 'pending', null],
    ]);
    expect((await threadOf(first.customerId)).filter((m) => m.content.startsWith('How did we do?'))).toHaveLength(1);
    const order = (await call('GET', `/api/repair_orders/${first.orderId}`, token)).json();
    expect(order.survey).toBeNull();
  });
});

describe('sending, the reminder once, and the answer once', () => {
  it('sends the text with a link, reminds once, takes one answer and stops reminding', async () => {
    const call = caller(t);
    const c = await closedOrder();
    await runAutomatedMessagesNow(t, s.companyId);
    const [sent] = await surveyRowsOf(t, s.companyId, c.customerId);
    expect(sent).toMatchObject({ state: 'pending' });
    const text = (await threadOf(c.customerId)).find((m) => m.content.startsWith('How did we do?'))!;
    expect(text.content).toMatch(/http:\/\/app\.test\/r\//);
    const customer = (await call('GET', `/api/customers/${c.customerId}`, token)).json();
    expect(customer.lastSurvey).toMatchObject({ id: sent!.id, state: 'pending', answer: null });

    // The reminder is planned resendUncompletedDaysAfter days after sending, at the send-at hour.
    const messages = (await call('GET', `/api/automated_messages?entity=survey&entityId=${sent!.id}`, token)).json().member;
    const reminder = messages.find((m: { kind: string }) => m.kind === 'survey_resend');
    expect(reminder.state).toBe('planned');
    expect(reminder.dueAt).toBe(computeLocalHourAfterDays({ from: sent!.sentAt!, days: 3, hour: 9, timeZone: TZ }).toISOString());
    await runAutomatedMessagesNow(t, s.companyId);
    await runAutomatedMessagesNow(t, s.companyId);
    expect((await threadOf(c.customerId)).filter((m) => m.content.startsWith('A minute for us?'))).toHaveLength(1);
    expect((await surveyRowsOf(t, s.companyId, c.customerId))[0]!.resentAt).not.toBeNull();

    const code = linkCodeIn(text.content);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/links/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      purpose: 'survey',
      texts: { question: 'How was your visit?' },
      answeredAt: null,
      reviewLinks: [
        { site: 'google', url: 'https://g.page/r/example/review' },
        { site: 'yelp', url: 'https://www.yelp.com/writeareview/biz/example' },
      ],
    });
    expect(page.body).not.toMatch(/phone|vin/i);

    const answer = (body: unknown) => t.app.inject({ method: 'POST', url: `/api/public/links/${code}/answer`, payload: body as object });
    // Two answers at once: one is taken.
    const both = await Promise.all([
      answer({ action: 'answer', answer: true, answers: [{ questionId: 'p1', answer: 'Staff' }], comment: 'Great team' }),
      answer({ action: 'answer', answer: false, answers: [] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().detail).toBe(SURVEY_ALREADY_ANSWERED);
    const taken = both.find((r) => r.statusCode === 200)!.json();
    // The review links are offered whatever the answer (no review gating).
    expect(taken.reviewLinks).toHaveLength(2);
    expect(taken.answeredAt).not.toBeNull();
    const reopened = (await t.app.inject({ method: 'GET', url: `/api/public/links/${code}` })).json();
    expect(reopened.answeredAt).toBe(taken.answeredAt);
  });

  it('refuses unknown questions, unknown choices and review sites the company did not set, and bad bodies', async () => {
    const c = await closedOrder();
    await runAutomatedMessagesNow(t, s.companyId);
    const code = linkCodeIn((await threadOf(c.customerId)).find((m) => m.content.startsWith('How did we do?'))!.content);
    const answer = (body: unknown) => t.app.inject({ method: 'POST', url: `/api/public/links/${code}/answer`, payload: body as object });
    expect((await answer({ action: 'review_click', site: 'google' })).statusCode).toBe(409);
    for (const bad of [
      { action: 'answer', answer: false, answers: [{ questionId: 'p1', answer: 'Staff' }] },
      { action: 'answer', answer: false, answers: [{ questionId: 'n1', answer: 'Rude ${jndi}' }] },
      { action: 'answer', answer: false, answers: [{ questionId: 'n2', answer: 'x'.repeat(1001) }] },
      { action: 'answer', answer: 'no' },
      { action: 'delete' },
      { action: 'answer', answer: true, comment: 'x'.repeat(2001) },
    ]) {
      const res = await answer(bad);
      expect([400, 422], JSON.stringify(bad).slice(0, 80)).toContain(res.statusCode);
    }
    expect((await answer({ action: 'answer', answer: true })).statusCode).toBe(200);
    expect((await answer({ action: 'review_click', site: 'facebook' })).statusCode).toBe(422);
    expect((await answer({ action: 'review_click', site: 'yelp' })).statusCode).toBe(200);
    const survey = (await caller(t)('GET', `/api/surveys?customer=${c.customerId}`, token)).json().member[0];
    expect(survey.reviewClicks.yelp).not.toBeNull();
    expect(survey.reviewClicks.google).toBeNull();
  });
});

describe('following up a negative answer', () => {
  it('mails the managers, notifies the advisor, gives the least busy admin a task; closing it resolves the survey', async () => {
    const call = caller(t);
    const c = await closedOrder();
    await runAutomatedMessagesNow(t, s.companyId);
    const code = linkCodeIn((await threadOf(c.customerId)).find((m) => m.content.startsWith('How did we do?'))!.content);
    const mailsBefore = t.mails.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/links/${code}/answer`,
      payload: {
        action: 'answer',
        answer: false,
        answers: [
          { questionId: 'n1', answer: 'Waiting' },
          { questionId: 'n2', answer: 'Two hours late' },
        ],
        comment: 'Nobody called me',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviewLinks).toHaveLength(2);
    await t.app.deps.jobs.drain();
    const mails = t.mails.slice(mailsBefore).filter((m) => m.to === 'manager@shop.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Nobody called me');
    expect(mails[0]!.text).toContain('What went wrong?: Waiting');

    const agentTok = (await login(t.app, s.agent.email)).token;
    const notes = (await call('GET', '/api/notifications', agentTok)).json().member;
    expect(notes.find((n: { kind: string }) => n.kind === 'negative_survey')).toMatchObject({ link: '/surveys?filter=unresolved' });

    const survey = (await call('GET', `/api/surveys?customer=${c.customerId}`, token)).json().member[0];
    expect(survey).toMatchObject({
      state: 'completed',
      answer: false,
      comment: 'Nobody called me',
      resolvedAt: null,
      advisor: { id: s.agent.id },
      followUp: { assignee: { id: s.admin.id }, doneAt: null },
      answers: [
        { questionId: 'n1', question: 'What went wrong?', answer: 'Waiting' },
        { questionId: 'n2', question: 'Tell us more', answer: 'Two hours late' },
      ],
    });
    const unresolved = (await call('GET', `/api/surveys?answer=false&exists[resolvedAt]=false&customer=${c.customerId}`, token)).json().member;
    expect(unresolved.map((x: { id: number }) => x.id)).toEqual([survey.id]);
    const customer = (await call('GET', `/api/customers/${c.customerId}`, token)).json();
    expect(customer.lastSurvey).toMatchObject({ id: survey.id, answer: false, resolvedAt: null });

    const tasks = (await call('GET', '/api/tasks', token)).json().member;
    const task = tasks.find((x: { id: number }) => x.id === survey.followUp.id);
    expect(task).toMatchObject({ about: `/api/surveys/${survey.id}`, doneAt: null });
    // A plain user who is not the assignee cannot close it.
    const user2 = (await login(t.app, s.user2.email)).token;
    expect((await call('PUT', `/api/tasks/${task.id}/done`, user2, {})).statusCode).toBe(404);
    const done = await call('PUT', `/api/tasks/${task.id}/done`, token, { note: 'Called, offered a discount' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call('PUT', `/api/tasks/${task.id}/done`, token, {})).statusCode).toBe(409);
    const resolved = (await call('GET', `/api/surveys/${survey.id}`, token)).json();
    expect(resolved).toMatchObject({ resolvedBy: { id: s.admin.id }, resolutionNote: 'Called, offered a discount' });
    expect((await call('PUT', `/api/surveys/${survey.id}/resolve`, token, {})).statusCode).toBe(409);
  });

  it('resolving by hand closes the follow-up task; a positive answer cannot be resolved', async () => {
    const call = caller(t);
    const neg = await closedOrder();
    const pos = await closedOrder();
    await runAutomatedMessagesNow(t, s.companyId);
    const codeOf = async (customerId: number) => linkCodeIn((await threadOf(customerId)).find((m) => m.content.startsWith('How did we do?'))!.content);
    await t.app.inject({ method: 'POST', url: `/api/public/links/${await codeOf(neg.customerId)}/answer`, payload: { action: 'answer', answer: false } });
    await t.app.inject({ method: 'POST', url: `/api/public/links/${await codeOf(pos.customerId)}/answer`, payload: { action: 'answer', answer: true } });
    const negative = (await call('GET', `/api/surveys?customer=${neg.customerId}`, token)).json().member[0];
    const positive = (await call('GET', `/api/surveys?customer=${pos.customerId}`, token)).json().member[0];
    expect((await call('PUT', `/api/surveys/${positive.id}/resolve`, token, {})).statusCode).toBe(409);
    // The advisor may resolve their order's survey; a user with nothing to do with it may not.
    const user2 = (await login(t.app, s.user2.email)).token;
    expect((await call('PUT', `/api/surveys/${negative.id}/resolve`, user2, {})).statusCode).toBe(404);
    const agentTok = (await login(t.app, s.agent.email)).token;
    const resolved = await call('PUT', `/api/surveys/${negative.id}/resolve`, agentTok, { note: 'Apologised' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ resolvedBy: { id: s.agent.id }, resolutionNote: 'Apologised', followUp: { doneAt: expect.any(String) } });
  });
});

describe('a survey’s link stays with the company admins', () => {
  it('is not listed, revoked or announced to staff who are not company admins (an advisor must not rate themselves)', async () => {
    const call = caller(t);
    const c = await closedOrder();
    await runAutomatedMessagesNow(t, s.companyId);
    const [survey] = await surveyRowsOf(t, s.companyId, c.customerId);
    const agentTok = (await login(t.app, s.agent.email)).token;
    for (const path of ['/api/customer_links', '/api/automated_messages']) {
      expect((await call('GET', `${path}?entity=survey&entityId=${survey!.id}`, agentTok)).statusCode, path).toBe(403);
      expect((await call('GET', `${path}?entity=survey&entityId=${survey!.id}`, token)).json().member.length, path).toBeGreaterThan(0);
    }
    const [link] = (await call('GET', `/api/customer_links?entity=survey&entityId=${survey!.id}`, token)).json().member;
    expect((await call('POST', `/api/customer_links/${link.id}/revoke`, agentTok, {})).statusCode).toBe(403);
    const topics = await runInScope(t.db, { companyId: null, system: true }, async (tx) =>
      (
        await tx.execute(sql`select distinct topic from live_events, unnest(topics) as topic
          where company_id = ${s.companyId} and payload->>'entity' in ('automated_message', 'customer_link') and payload->'data'->>'entity' = 'survey'`)
      ).rows.map((r: unknown) => (r as { topic: string }).topic),
    );
    expect(topics).toEqual([`/api/companies/${s.companyId}/admins`]);
  });
});
