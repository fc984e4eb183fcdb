import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAutomatedMessageKind } from '@cd/contracts/automated-message';
import { companyTopic } from '@cd/contracts/live';
import type { TModifierValues } from '@cd/contracts/message-modifiers';
import { buildApp } from '../../app';
import { runInScope } from '../../db/client';
import { outboxJobs } from '../../jobs/outbox.schema';
import { nextSendingTime } from '../../lib/quiet-hours';
import type { TStoredLiveEvent } from '../../live/live.types';
import { bearer, countStatements, createTestApp, login, seedCompany, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { companies } from '../companies/companies.schema';
import { customerLinks } from '../customer-links/customer-links.schema';
import { customers } from '../customers/customers.schema';
import { messages } from '../messages/messages.schema';
import { cancelAutomatedMessages, JOB_AUTOMATED_MESSAGE, planAutomatedMessage, registerAutomationSource, replanAutomatedMessage } from './automations.api';
import { NOT_CONFIGURED, SAFE_MODE_EXPIRED, SAFE_MODE_RECHECK_MS } from './automations.jobs';
import { automatedMessages } from './automations.schema';

/**
 * The engine reads only automated_messages and the registered source: a test source for 'repair_order' answers per
 * entity id (no repair order rows needed). Registered after every app build, as an app may register its own.
 */
const answers = new Map<number, { due: boolean; values?: TModifierValues } | null>();
function useTestSource() {
  registerAutomationSource({ entity: 'repair_order', source: async (_tx, opts) => (answers.has(opts.entityId) ? answers.get(opts.entityId)! : { due: true }) });
}

/** The simulator's delivery report comes 700 ms after the send: a slow drain may already have applied it. */
const SENT_OR_DELIVERED = expect.stringMatching(/^(SENT|DELIVERED)$/);

let t: TTestApp;
let co: TSeededCompany;
let nextEntityId = 1000;
const TEXTS = {
  repairOrderStatusUrl: 'Hi {customer_name}, follow your repair at {company_name}: {status_url}',
  vehicleReady: 'Your vehicle is ready, {customer_name}.',
  vehicleReadyNotifyPriorToArrivalText: 'Ready in {minutes} minutes: {vehicle_ready_url}',
};

async function setCompany(companyId: number, values: Partial<typeof companies.$inferInsert>) {
  await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.update(companies).set(values).where(eq(companies.id, companyId)));
}

async function seedTexts(s: TSeededCompany) {
  const [c] = await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.select().from(companies).where(eq(companies.id, s.companyId)));
  await setCompany(s.companyId, { automotiveMessages: { ...c!.automotiveMessages, ...TEXTS } });
}

async function newCustomer(s: TSeededCompany, values: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
    tx
      .insert(customers)
      .values({
        companyId: s.companyId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        ...values,
      })
      .returning(),
  );
  return row!;
}

function plan(s: TSeededCompany, opts: { customerId: number; kind: TAutomatedMessageKind; entityId: number; occurrence?: number; dueAt?: Date }) {
  return runInScope(t.db, { companyId: s.companyId }, (tx) => planAutomatedMessage(tx, { companyId: s.companyId, ...opts }));
}

async function rowOf(s: TSeededCompany, id: number) {
  const [row] = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
    tx
      .select()
      .from(automatedMessages)
      .where(and(eq(automatedMessages.companyId, s.companyId), eq(automatedMessages.id, id))),
  );
  return row!;
}

async function messagesOf(s: TSeededCompany, customerId: number) {
  return runInScope(t.db, { companyId: s.companyId }, (tx) =>
    tx
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, s.companyId), eq(messages.customerId, customerId))),
  );
}

async function pendingJobsOf(id: number) {
  return runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx
      .select()
      .from(outboxJobs)
      .where(
        and(
          eq(outboxJobs.kind, JOB_AUTOMATED_MESSAGE),
          sql`${outboxJobs.doneAt} is null`,
          sql`(${outboxJobs.payload} ->> 'automatedMessageId')::bigint = ${id}`,
        ),
      ),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  useTestSource();
  co = await seedCompany(t.db);
  await seedTexts(co);
});
afterAll(() => t?.close());

describe('sending an automated message', () => {
  it('renders the company text, sends it once through the outbox and records it sent', async () => {
    const customer = await newCustomer(co);
    const entityId = nextEntityId++;
    const events: TStoredLiveEvent[] = [];
    const off = t.app.deps.live.onEvent((e) => events.push(e));
    const { row } = await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId });
    await t.app.deps.jobs.drain();
    off();
    const done = await rowOf(co, row.id);
    expect(done).toMatchObject({ state: 'sent', content: 'Your vehicle is ready, Ada Lovelace.', channel: 'simulator' });
    expect(done.sentAt).not.toBeNull();
    const sent = await messagesOf(co, customer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: done.messageId, sender: 'system', content: done.content, type: 'STANDARD', status: SENT_OR_DELIVERED });
    const event = events.find((e) => e.payload.entity === 'automated_message');
    expect(event?.topics).toEqual([companyTopic(co.companyId)]);
    expect(event?.payload.data).toMatchObject({ id: row.id, state: 'sent' });
  });

  it('sends once when five transactions plan the same key at the same time', async () => {
    const customer = await newCustomer(co);
    const entityId = nextEntityId++;
    const results = await Promise.all(Array.from({ length: 5 }, () => plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
    await Promise.all([t.app.deps.jobs.drain(), t.app.deps.jobs.drain()]);
    expect(await messagesOf(co, customer.id)).toHaveLength(1);
    // Planning again after it was sent still sends nothing.
    expect((await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId })).created).toBe(false);
    await t.app.deps.jobs.drain();
    expect(await messagesOf(co, customer.id)).toHaveLength(1);
  });

  it('a re-planned message: the job of the old time does nothing, the job of the new time sends', async () => {
    const customer = await newCustomer(co);
    const entityId = nextEntityId++;
    const { row } = await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId, dueAt: new Date(Date.now() - 600_000) });
    const moved = await runInScope(t.db, { companyId: co.companyId }, (tx) =>
      replanAutomatedMessage(tx, { companyId: co.companyId, customerId: customer.id, kind: 'vehicle_ready', entityId, dueAt: new Date(Date.now() - 300_000) }),
    );
    expect(moved?.id).toBe(row.id);
    expect(await pendingJobsOf(row.id)).toHaveLength(2);
    await t.app.deps.jobs.drain();
    expect(await pendingJobsOf(row.id)).toHaveLength(0);
    expect(await messagesOf(co, customer.id)).toHaveLength(1);
    const done = await rowOf(co, row.id);
    expect(done.state).toBe('sent');
    expect(done.dueAt.getTime()).toBe(moved!.dueAt.getTime());
  });

  it('a cancelled message, or one its source says is no longer due, is not sent', async () => {
    const customer = await newCustomer(co);
    const a = nextEntityId++;
    const b = nextEntityId++;
    const first = await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId: a });
    await runInScope(t.db, { companyId: co.companyId }, (tx) => cancelAutomatedMessages(tx, { companyId: co.companyId, entity: 'repair_order', entityId: a }));
    answers.set(b, { due: false });
    const second = await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId: b });
    answers.set(nextEntityId, null);
    const third = await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId: nextEntityId++ });
    await t.app.deps.jobs.drain();
    expect(await messagesOf(co, customer.id)).toHaveLength(0);
    for (const r of [first, second, third]) expect((await rowOf(co, r.row.id)).state).toBe('cancelled');
  });

  it('an opted-out customer is skipped, and the row says why', async () => {
    const customer = await newCustomer(co, { optOut: true });
    const { row } = await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId: nextEntityId++ });
    await t.app.deps.jobs.drain();
    const done = await rowOf(co, row.id);
    expect(done.state).toBe('skipped_opted_out');
    expect(done.error).toMatch(/opted out/);
    expect(await messagesOf(co, customer.id)).toHaveLength(0);
  });

  it('no channel reaches the customer: skipped_no_channel', async () => {
    const customer = await newCustomer(co, { phone: null, viberUserId: unique('viber') });
    const { row } = await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId: nextEntityId++ });
    await t.app.deps.jobs.drain();
    expect(await rowOf(co, row.id)).toMatchObject({ state: 'skipped_no_channel', error: expect.stringMatching(/no valid communication channel/) });
    expect(await messagesOf(co, customer.id)).toHaveLength(0);
  });

  it('an empty company text cancels the message as not configured', async () => {
    const other = await seedCompany(t.db);
    const customer = await newCustomer(other);
    const { row } = await plan(other, { customerId: customer.id, kind: 'vehicle_ready', entityId: nextEntityId++ });
    await t.app.deps.jobs.drain();
    expect(await rowOf(other, row.id)).toMatchObject({ state: 'cancelled', reasonKey: NOT_CONFIGURED });
    expect(await messagesOf(other, customer.id)).toHaveLength(0);
  });

  it('refuses to send a text with a modifier that has no value: failed, with the problem, and no links left behind', async () => {
    const customer = await newCustomer(co);
    const entityId = nextEntityId++;
    answers.set(entityId, { due: true, values: {} });
    const { row } = await plan(co, { customerId: customer.id, kind: 'prior_to_arrival', entityId });
    await t.app.deps.jobs.drain();
    expect(await rowOf(co, row.id)).toMatchObject({ state: 'failed', error: 'modifier_has_no_value: {minutes}' });
    expect(await messagesOf(co, customer.id)).toHaveLength(0);
    const links = await runInScope(t.db, { companyId: co.companyId }, (tx) =>
      tx.select().from(customerLinks).where(eq(customerLinks.automatedMessageId, row.id)),
    );
    expect(links).toHaveLength(0);
  });

  it('makes one customer link per URL modifier and the text carries {PUBLIC_URL}/r/{code}', async () => {
    const customer = await newCustomer(co);
    const entityId = nextEntityId++;
    answers.set(entityId, { due: true, values: { minutes: 30 } });
    const ready = await plan(co, { customerId: customer.id, kind: 'prior_to_arrival', entityId });
    const status = await plan(co, { customerId: customer.id, kind: 'status_url', entityId });
    await t.app.deps.jobs.drain();
    const links = await runInScope(t.db, { companyId: co.companyId }, (tx) =>
      tx
        .select()
        .from(customerLinks)
        .where(and(eq(customerLinks.entity, 'repair_order'), eq(customerLinks.entityId, entityId))),
    );
    expect(links.map((l) => l.purpose).sort()).toEqual(['status', 'vehicle_ready']);
    const readyLink = links.find((l) => l.purpose === 'vehicle_ready')!;
    const statusLink = links.find((l) => l.purpose === 'status')!;
    expect(readyLink).toMatchObject({ automatedMessageId: ready.row.id, customerId: customer.id, companyId: co.companyId });
    expect(readyLink.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 13 * 86400_000);
    expect((await rowOf(co, ready.row.id)).content).toBe(`Ready in 30 minutes: http://app.test/r/${readyLink.code}`);
    expect((await rowOf(co, status.row.id)).content).toBe(`Hi Ada Lovelace, follow your repair at Company ${co.slug}: http://app.test/r/${statusLink.code}`);
    const sent = await messagesOf(co, customer.id);
    expect(sent.map((m) => m.type).sort()).toEqual(['REPAIR_ORDER_STATUS_URL', 'customer_notified_prior_to_arrival']);
  });
});

describe('holding', () => {
  it('safe mode holds a message for a number not on the whitelist, looks again later, and gives up after a week', async () => {
    const safe = await seedCompany(t.db);
    await seedTexts(safe);
    await setCompany(safe.companyId, { ocs: { safeMode: true, smsWhitelist: [] } });
    const customer = await newCustomer(safe);
    const { row } = await plan(safe, { customerId: customer.id, kind: 'vehicle_ready', entityId: nextEntityId++ });
    const before = Date.now();
    await t.app.deps.jobs.drain();
    expect(await rowOf(safe, row.id)).toMatchObject({ state: 'held_safe_mode', heldUntil: null, error: expect.stringMatching(/Safe mode/) });
    const [retry] = await pendingJobsOf(row.id);
    expect(retry!.runAt.getTime()).toBeGreaterThanOrEqual(before + SAFE_MODE_RECHECK_MS - 1000);
    expect(await messagesOf(safe, customer.id)).toHaveLength(0);

    const old = await plan(safe, { customerId: customer.id, kind: 'vehicle_ready', entityId: nextEntityId++, dueAt: new Date(Date.now() - 8 * 86400_000) });
    await t.app.deps.jobs.drain();
    expect(await rowOf(safe, old.row.id)).toMatchObject({ state: 'cancelled', reasonKey: SAFE_MODE_EXPIRED });

    // Safe mode switched off: the held message goes out at its next look.
    await setCompany(safe.companyId, { ocs: { safeMode: false, smsWhitelist: [] } });
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.update(outboxJobs).set({ runAt: new Date() }).where(eq(outboxJobs.id, retry!.id)));
    await t.app.deps.jobs.drain();
    expect((await rowOf(safe, row.id)).state).toBe('sent');
    expect(await messagesOf(safe, customer.id)).toHaveLength(1);
  });
});

describe('quiet hours', () => {
  let q: TTestApp;
  beforeAll(async () => {
    q = await createTestApp({ QUIET_HOURS: 'true' });
    useTestSource();
  });
  afterAll(() => q?.close());

  /** A zone where it is night now, and one where it is day (fixed offsets: no DST surprises). */
  function zones() {
    const now = new Date();
    const all = Array.from({ length: 25 }, (_, i) => i - 12).map((h) => (h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '+' : '-'}${Math.abs(h)}`));
    const night = all.find(
      (z) => nextSendingTime({ now, timeZone: z }) !== null && nextSendingTime({ now: new Date(now.getTime() + 120_000), timeZone: z }) !== null,
    )!;
    const day = all.find(
      (z) => nextSendingTime({ now, timeZone: z }) === null && nextSendingTime({ now: new Date(now.getTime() + 120_000), timeZone: z }) === null,
    )!;
    return { night, day };
  }

  it('holds the text until the window opens in the company time zone, then sends it', async () => {
    const { night, day } = zones();
    const s = await seedCompany(q.db);
    await runInScope(q.db, { companyId: null, system: true }, async (tx) => {
      const [c] = await tx.select().from(companies).where(eq(companies.id, s.companyId));
      await tx
        .update(companies)
        .set({ timezone: night, automotiveMessages: { ...c!.automotiveMessages, ...TEXTS } })
        .where(eq(companies.id, s.companyId));
    });
    const [customer] = await runInScope(q.db, { companyId: s.companyId }, (tx) =>
      tx.insert(customers).values({ companyId: s.companyId, firstName: 'Night', phone: '+15557770001' }).returning(),
    );
    const { row } = await runInScope(q.db, { companyId: s.companyId }, (tx) =>
      planAutomatedMessage(tx, { companyId: s.companyId, customerId: customer!.id, kind: 'vehicle_ready', entityId: nextEntityId++ }),
    );
    const expected = nextSendingTime({ now: new Date(), timeZone: night })!;
    await q.app.deps.jobs.drain();
    const read = async () =>
      (await runInScope(q.db, { companyId: s.companyId }, (tx) => tx.select().from(automatedMessages).where(eq(automatedMessages.id, row.id))))[0]!;
    const held = await read();
    expect(held.state).toBe('held_quiet_hours');
    expect(Math.abs(held.heldUntil!.getTime() - expected.getTime())).toBeLessThanOrEqual(60_000);
    const jobs = await runInScope(q.db, { companyId: null, system: true }, (tx) =>
      tx
        .select()
        .from(outboxJobs)
        .where(and(eq(outboxJobs.kind, JOB_AUTOMATED_MESSAGE), sql`${outboxJobs.doneAt} is null`)),
    );
    expect(jobs.map((j) => j.runAt.getTime())).toEqual([held.heldUntil!.getTime()]);
    const list = await q.app.inject({
      method: 'GET',
      url: `/api/automated_messages?entity=repair_order&entityId=${row.entityId}`,
      headers: bearer((await login(q.app, s.admin.email)).token),
    });
    expect(list.json().member[0]).toMatchObject({
      state: 'held_quiet_hours',
      reasonKey: 'automated_message_held_quiet_hours',
      heldUntil: held.heldUntil!.toISOString(),
    });

    // The window opens (simulated: morning in the company's zone, and the job due now).
    await runInScope(q.db, { companyId: null, system: true }, async (tx) => {
      await tx.update(companies).set({ timezone: day }).where(eq(companies.id, s.companyId));
      await tx.update(outboxJobs).set({ runAt: new Date() }).where(eq(outboxJobs.id, jobs[0]!.id));
    });
    await q.app.deps.jobs.drain();
    expect(await read()).toMatchObject({ state: 'sent', heldUntil: null });
  });
});

describe('a planned message survives a restart', () => {
  it('is planned by one app, which stops; a fresh app on the same database sends it once', async () => {
    const a = await createTestApp();
    useTestSource();
    const s = await seedCompany(a.db);
    await runInScope(a.db, { companyId: null, system: true }, async (tx) => {
      const [c] = await tx.select().from(companies).where(eq(companies.id, s.companyId));
      await tx
        .update(companies)
        .set({ automotiveMessages: { ...c!.automotiveMessages, ...TEXTS } })
        .where(eq(companies.id, s.companyId));
    });
    const [customer] = await runInScope(a.db, { companyId: s.companyId }, (tx) =>
      tx.insert(customers).values({ companyId: s.companyId, firstName: 'Restart', phone: '+15557770002' }).returning(),
    );
    const { row } = await runInScope(a.db, { companyId: s.companyId }, (tx) =>
      planAutomatedMessage(tx, { companyId: s.companyId, customerId: customer!.id, kind: 'vehicle_ready', entityId: nextEntityId++ }),
    );
    const config = a.app.deps.config;
    await a.app.close(); // the process stops before its worker ran the job (the database stays)
    const b = await buildApp({ config, db: a.db, logger: false });
    await b.ready();
    useTestSource();
    try {
      await b.deps.jobs.drain();
      await b.deps.jobs.drain();
      const [done] = await runInScope(a.db, { companyId: s.companyId }, (tx) => tx.select().from(automatedMessages).where(eq(automatedMessages.id, row.id)));
      expect(done).toMatchObject({ state: 'sent', content: 'Your vehicle is ready, Restart.' });
      const sent = await runInScope(a.db, { companyId: s.companyId }, (tx) => tx.select().from(messages).where(eq(messages.customerId, customer!.id)));
      expect(sent).toHaveLength(1);
    } finally {
      await b.close();
      await a.db.close();
    }
  });
});

describe('GET /api/automated_messages', () => {
  it('lists an entity’s messages with their delivery state, in one statement whatever the count', async () => {
    const customer = await newCustomer(co);
    const entityId = nextEntityId++;
    answers.set(entityId, { due: true, values: { minutes: 15 } });
    await plan(co, { customerId: customer.id, kind: 'vehicle_ready', entityId });
    await t.app.deps.jobs.drain();
    const token = (await login(t.app, co.agent.email)).token;
    const url = `/api/automated_messages?entity=repair_order&entityId=${entityId}`;
    const one = await countStatements(t, () => t.app.inject({ method: 'GET', url, headers: bearer(token) }));
    await plan(co, { customerId: customer.id, kind: 'status_url', entityId });
    await plan(co, { customerId: customer.id, kind: 'prior_to_arrival', entityId });
    await t.app.deps.jobs.drain();
    const three = await countStatements(t, () => t.app.inject({ method: 'GET', url, headers: bearer(token) }));
    expect(three).toBe(one);
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalItems).toBe(3);
    expect(res.json().member[0]).toMatchObject({
      '@type': 'AutomatedMessage',
      kind: 'vehicle_ready',
      state: 'sent',
      reasonKey: 'automated_message_sent',
      messageStatus: SENT_OR_DELIVERED,
      channel: 'simulator',
      message: expect.stringMatching(/^\/api\/messages\/\d+$/),
    });
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    const token = (await login(t.app, co.agent.email)).token;
    for (const q of [
      '',
      'entity=repair_order',
      'entity=customer&entityId=1',
      'entity=repair_order&entityId=0x10',
      'entity=repair_order&entityId=-1',
      'entity=repair_order&entityId=99999999999999999999',
    ])
      expect((await t.app.inject({ method: 'GET', url: `/api/automated_messages?${q}`, headers: bearer(token) })).statusCode, q).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/automated_messages?entity=repair_order&entityId=1' })).statusCode).toBe(401);
  });
});
