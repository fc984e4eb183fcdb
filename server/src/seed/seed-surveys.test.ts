import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAutomatedMessageKey } from '@cd/contracts/automated-message';
import { findModifierProblem } from '@cd/contracts/message-modifiers';
import { localDayOf, type TSurveyStats } from '@cd/contracts/survey';
import { runInScope } from '../db/client';
import { automatedMessages } from '../modules/automations/automations.schema';
import { companies } from '../modules/companies/companies.schema';
import { customerLinks } from '../modules/customer-links/customer-links.schema';
import { customers } from '../modules/customers/customers.schema';
import { messages } from '../modules/messages/messages.schema';
import { repairOrders } from '../modules/repair-orders/repair-orders.schema';
import { toSurveySummary } from '../modules/surveys/surveys.presenter';
import { surveys } from '../modules/surveys/surveys.schema';
import { tasks } from '../modules/tasks/tasks.schema';
import { users } from '../modules/users/users.schema';
import { bearer, createTestApp, login, type TTestApp } from '../../test/helpers';
import { DEMO_PASSWORD, seedDemoData } from './seed';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData({ db: t.db, publicUrl: 'http://demo.test' })).toBe(true);
});
afterAll(() => t.close());

const readMotors = () =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const [motors] = await tx.select().from(companies).where(eq(companies.slug, 'demo-motors'));
    const id = motors!.id;
    return {
      motors: motors!,
      surveys: await tx.select().from(surveys).where(eq(surveys.companyId, id)),
      automated: await tx
        .select()
        .from(automatedMessages)
        .where(and(eq(automatedMessages.companyId, id), eq(automatedMessages.entity, 'survey'))),
      links: await tx
        .select()
        .from(customerLinks)
        .where(and(eq(customerLinks.companyId, id), eq(customerLinks.purpose, 'survey'))),
      messages: await tx.select().from(messages).where(eq(messages.companyId, id)),
      orders: await tx.select().from(repairOrders).where(eq(repairOrders.companyId, id)),
      customers: await tx.select().from(customers).where(eq(customers.companyId, id)),
      tasks: await tx.select().from(tasks).where(eq(tasks.companyId, id)),
      users: await tx.select().from(users).where(eq(users.companyId, id)),
    };
  });

describe('demo seed: surveys', () => {
  it('configures the surveys and gives four months of them, each sent one with its text, record and link', async () => {
    const d = await readMotors();
    const settings = d.motors.surveySettings;
    expect(settings).toMatchObject({ daysAfter: 2, sendAtHour: 9, resendUncompletedDaysAfter: 3, notifyRelatedUserAboutNegativeSurvey: true });
    for (const field of ['text', 'resendText'] as const)
      expect(findModifierProblem({ field: `surveySettings.${field}`, text: settings[field] as string })).toBeNull();
    expect(d.motors.customerView).toMatchObject({ surveyGoogleReviewLink: expect.any(String), surveyQuestionText: expect.any(String) });
    expect(d.surveys.length).toBeGreaterThanOrEqual(60);
    expect(d.surveys.length).toBeLessThanOrEqual(120);
    const sent = d.surveys.filter((s) => s.sentAt !== null);
    const oldest = Math.min(...sent.map((s) => s.sentAt!.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(100 * 86_400_000);
    for (const s of sent) {
      const record = d.automated.find((a) => a.key === buildAutomatedMessageKey({ kind: 'survey', id: s.id }))!;
      expect(record).toMatchObject({ state: 'sent', entity: 'survey', entityId: s.id, customerId: s.customerId, messageId: s.messageId });
      const message = d.messages.find((m) => m.id === s.messageId)!;
      expect(message.customerId).toBe(s.customerId);
      const link = d.links.find((l) => l.automatedMessageId === record.id)!;
      expect(link).toMatchObject({ entity: 'survey', entityId: s.id, customerId: s.customerId });
      expect(message.content).toContain(`http://demo.test/r/${link.code}`);
      expect(s.answeredAt === null || s.answeredAt > s.sentAt!).toBe(true);
    }
    // Two surveys wait for tomorrow; the engine has them planned.
    for (const s of d.surveys.filter((s) => s.state === 'planned'))
      expect(d.automated.find((a) => a.entityId === s.id && a.kind === 'survey')!.state).toBe('planned');
  });

  it('mixes answers, clicks and follow-ups, and keeps the orders and Customer.lastSurvey as the module does', async () => {
    const d = await readMotors();
    const answered = d.surveys.filter((s) => s.answeredAt !== null);
    expect(d.surveys.filter((s) => s.state === 'pending').length).toBeGreaterThanOrEqual(10);
    expect(answered.filter((s) => s.answer === true).length).toBeGreaterThanOrEqual(20);
    expect(answered.filter((s) => s.comment !== null).length).toBeGreaterThanOrEqual(10);
    expect(d.surveys.filter((s) => s.googleClickedAt !== null).length).toBeGreaterThanOrEqual(3);
    const negative = answered.filter((s) => s.answer === false);
    const admins = new Set(d.users.filter((u) => u.roles.includes('ROLE_COMPANY_ADMIN')).map((u) => u.id));
    for (const s of negative) {
      const task = d.tasks.find((x) => x.id === s.followUpTaskId)!;
      expect(task).toMatchObject({ entity: 'survey', entityId: s.id });
      expect(admins.has(task.assigneeId!)).toBe(true);
      expect(task.doneAt?.getTime() ?? null).toBe(s.resolvedAt?.getTime() ?? null);
    }
    expect(negative.filter((s) => s.resolvedAt !== null && s.resolutionNote && s.resolvedById).length).toBeGreaterThanOrEqual(3);
    expect(negative.filter((s) => s.resolvedAt === null).length).toBeGreaterThanOrEqual(2);
    for (const s of d.surveys.filter((s) => s.state !== 'cancelled')) expect(d.orders.find((o) => o.id === s.repairOrderId)!.surveyId).toBe(s.id);
    for (const c of d.customers) {
      const latest = d.surveys
        .filter((s) => s.customerId === c.id && s.state !== 'cancelled')
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)[0];
      expect(c.lastSurvey).toEqual(latest ? toSurveySummary(latest) : null);
    }
  });

  it('leaves a fresh unanswered survey link whose public page opens, and answers the dashboard', async () => {
    const d = await readMotors();
    const open = d.links.find((l) => {
      const s = d.surveys.find((x) => x.id === l.entityId);
      return s?.state === 'pending' && s.manual && l.expiresAt!.getTime() > Date.now() + 20 * 86_400_000;
    })!;
    const page = await t.app.inject({ method: 'GET', url: `/api/public/links/${open.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      purpose: 'survey',
      answeredAt: null,
      reviewLinks: expect.arrayContaining([expect.objectContaining({ site: 'google' })]),
    });

    const { token } = await login(t.app, 'admin@motors.example.com', DEMO_PASSWORD);
    const list = await t.app.inject({ method: 'GET', url: '/api/surveys', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().member.length).toBe(30);
    const unresolved = await t.app.inject({ method: 'GET', url: '/api/surveys?exists[resolvedAt]=false', headers: bearer(token) });
    expect(unresolved.json().totalItems).toBe(d.surveys.filter((s) => s.answer === false && s.resolvedAt === null).length);
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString();
    const stats = await t.app.inject({ method: 'GET', url: `/api/surveys/stats?from=${from}&to=${new Date().toISOString()}`, headers: bearer(token) });
    const body = stats.json() as TSurveyStats;
    // The figures recomputed from the rows (the stats statement is tuned for scale: it must still say the same).
    const inRange = d.surveys.filter((s) => s.sentAt !== null && s.sentAt.getTime() >= Date.parse(from));
    const answered = inRange.filter((s) => s.answeredAt !== null);
    const count = (f: (s: (typeof inRange)[number]) => boolean) => inRange.filter(f).length;
    expect(body).toMatchObject({
      sent: inRange.length,
      completed: answered.length,
      pending: inRange.length - answered.length,
      positive: count((s) => s.answer === true),
      negative: count((s) => s.answer === false),
      unresolved: count((s) => s.answer === false && s.resolvedAt === null),
      withComment: count((s) => s.comment !== null),
      reviewClicks: {
        google: count((s) => s.googleClickedAt !== null),
        yelp: count((s) => s.yelpClickedAt !== null),
        facebook: count((s) => s.facebookClickedAt !== null),
      },
    });
    const waits = answered.map((s) => (s.answeredAt!.getTime() - s.sentAt!.getTime()) / 1000).sort((a, b) => a - b);
    const mid = waits.length / 2;
    expect(body.medianSecondsToAnswer).toBe(Math.round(waits.length % 2 ? waits[Math.floor(mid)]! : (waits[mid - 1]! + waits[mid]!) / 2));
    const perDay = new Map<string, number>();
    for (const s of inRange) {
      const day = localDayOf({ instant: s.sentAt!, timeZone: d.motors.timezone });
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(body.daily.map((day) => [day.day, day.sent])).toEqual([...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)));
    expect(body.responseRate).toBeGreaterThan(0.3);
    expect(body.score).toBeGreaterThan(0);
  });
});
