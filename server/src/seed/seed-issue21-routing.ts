import { sql } from 'drizzle-orm';
import { ZRoutingRuleCreateSchema, ZRoutingSettingsPatchSchema, type TRoutingRuleInput } from '@cd/contracts/routing';
import type { TTx } from '../db/client';
import { enqueueJob } from '../jobs/outbox';
import { updateCustomer } from '../modules/customers/customers.api';
import { customerReadStates, customers } from '../modules/customers/customers.schema';
import { messages } from '../modules/messages/messages.schema';
import { chooseAgent } from '../modules/routing/routing-engine';
import { JOB_ROUTING_BREACH, JOB_ROUTING_REASSIGN, JOB_ROUTING_WARN, targetTimesOf } from '../modules/routing/routing-flow';
import * as routing from '../modules/routing/routing.repository';
import type { TRoutingSettingsRow } from '../modules/routing/routing.schema';
import { users } from '../modules/users/users.schema';

/**
 * Routing and response-time promises of the demo (issue 21, docs/routing.md): Demo Motors' rules (recalls go to the
 * service advisor, other new texts take turns between the two people on the inbox), a 15-minute first-reply target in
 * business hours, and five recent conversations routed by the real engine (`chooseAgent`, which also moves the
 * round-robin pointer): two answered in time, one answered after the warning, one answered after the target was
 * breached, and one waiting now with its warning, breach and reassignment jobs planned as a live message plans them.
 */

export type TSeedLine = [direction: 'in' | 'out', text: string, at: Date];

/** A conversation as the inbox stores it: the customer with its last-message summary, and its messages. */
export async function insertSeedConversation(
  tx: TTx,
  opts: {
    companyId: number;
    /** The owner, or who routing picks once the customer exists (as an inbound text creates it first). */
    ownerId: number | null | ((customerId: number) => Promise<number | null>);
    customer: Partial<typeof customers.$inferInsert>;
    channel: string;
    lines: TSeedLine[];
    readBy: number[];
  },
): Promise<{ customerId: number; messageIds: number[] }> {
  const last = opts.lines.at(-1)!;
  const lastIn = [...opts.lines].reverse().find((l) => l[0] === 'in');
  const [row] = await tx
    .insert(customers)
    .values({
      companyId: opts.companyId,
      userId: typeof opts.ownerId === 'function' ? null : opts.ownerId,
      preferredChannel: opts.channel,
      bumpedAt: last[2],
      lastInboundAt: lastIn?.[2] ?? null,
      lastMessage: {
        content: last[1],
        direction: last[0] === 'in' ? 'INBOUND' : 'OUTBOUND',
        status: last[0] === 'in' ? 'RECEIVED' : 'DELIVERED',
        createdAt: last[2].toISOString(),
        hasAttachments: false,
      },
      createdAt: new Date(opts.lines[0]![2].getTime() - 1000),
      ...opts.customer,
    })
    .returning({ id: customers.id });
  const customerId = row!.id;
  let ownerId = opts.ownerId;
  if (typeof ownerId === 'function') {
    ownerId = await ownerId(customerId);
    if (ownerId !== null) await updateCustomer(tx, { companyId: opts.companyId, id: customerId, values: { userId: ownerId } });
  }
  const inserted = await tx
    .insert(messages)
    .values(
      opts.lines.map(([dir, text, at], i) => ({
        companyId: opts.companyId,
        customerId,
        userId: dir === 'out' ? ownerId : null,
        direction: dir === 'in' ? ('INBOUND' as const) : ('OUTBOUND' as const),
        status: dir === 'in' ? 'RECEIVED' : 'DELIVERED',
        channel: opts.channel,
        sender: dir === 'in' ? ('customer' as const) : ('agent' as const),
        content: text,
        providerMessageId: `SEED21-${opts.companyId}-${customerId}-${i}`,
        sentAt: at,
        createdAt: at,
      })),
    )
    .returning({ id: messages.id });
  if (opts.readBy.length)
    await tx.insert(customerReadStates).values(opts.readBy.map((userId) => ({ companyId: opts.companyId, customerId, userId, readAt: last[2] })));
  return { customerId, messageIds: inserted.map((m) => m.id) };
}

const TEXT_CHANNELS = ['simulator', 'sms_provider', 'sms_gateway'] as const;

/** Monday–Friday 08:00–18:00, Saturday 09:00–13:00 (Sunday first, the company's time zone). */
const BUSINESS_HOURS = [null, ...Array.from({ length: 5 }, () => ({ start: '08:00', end: '18:00' })), { start: '09:00', end: '13:00' }];

type TOutcome = 'in_time' | 'warned' | 'breached';

interface TPastWait {
  firstName: string;
  lastName: string;
  phone: string;
  question: string;
  reply: string;
  thanks?: string;
  outcome: TOutcome;
  /** Minutes after the question the reply went out (in-time ones); late ones are placed from the wait's own times. */
  replyAfterMinutes?: number;
}

const PAST: TPastWait[] = [
  {
    firstName: 'Kevin',
    lastName: 'Ortiz',
    phone: '+15555550311',
    question: 'Hi, do you have time for a brake check this week?',
    reply: 'Hi Kevin, yes: Thursday 10:00 or Friday 14:30. Which suits you?',
    thanks: 'Thursday works, thanks!',
    outcome: 'in_time',
    replyAfterMinutes: 4,
  },
  {
    firstName: 'Greg',
    lastName: 'Holt',
    phone: '+15555550312',
    question: 'I got a letter about a recall on the airbag of my 2019 Escape. Can you do it?',
    reply: 'Hi Greg, yes, the airbag recall is covered at no cost. The part is in stock; can you bring it Monday at 8?',
    outcome: 'warned',
  },
  {
    firstName: 'Nina',
    lastName: 'Patel',
    phone: '+15555550313',
    question: 'Can I get a quote for four new tires, 225/60R17?',
    reply: 'Hi Nina, four all-season 225/60R17 come to $612 fitted and balanced. Shall I order them?',
    thanks: 'Yes please',
    outcome: 'in_time',
    replyAfterMinutes: 7,
  },
  {
    firstName: 'Carla',
    lastName: 'Reyes',
    phone: '+15555550314',
    question: 'My AC is blowing warm air. Can someone look at it today?',
    reply: 'Sorry for the wait, Carla. We can check the AC at 3 PM today, is that OK?',
    thanks: 'OK, see you at 3',
    outcome: 'breached',
  },
];

/**
 * Starts of past waits that lie inside business hours and whose target (plus an hour of slack) has passed, newest
 * first, at least `gapHours` apart: found by walking back from now in 20-minute steps, so the demo reads the same
 * whatever weekday or hour it is seeded on.
 */
function pastBusinessStarts(settings: TRoutingSettingsRow, timeZone: string, opts: { count: number; gapHours: number; now: number }): Date[] {
  const starts: Date[] = [];
  const step = 20 * 60_000;
  for (let t = opts.now - 3 * 3_600_000; starts.length < opts.count && t > opts.now - 14 * 86_400_000; t -= step) {
    const from = new Date(t);
    const { dueAt } = targetTimesOf(settings, timeZone, from);
    // Inside business hours the target ends 15 minutes later; else it would be carried to the next opening.
    if (!dueAt || dueAt.getTime() - t > 16 * 60_000 || dueAt.getTime() + 3_600_000 > opts.now) continue;
    if (starts.length && starts.at(-1)!.getTime() - t < opts.gapHours * 3_600_000) continue;
    starts.push(from);
  }
  return starts;
}

export async function seedDemoRouting(tx: TTx, opts: { motorsId: number; timeZone: string }): Promise<void> {
  const companyId = opts.motorsId;
  const staff = await tx.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users);
  const mine = staff.filter((u) => u.companyId === companyId);
  const advisor = mine.find((u) => u.email === 'agent@motors.example.com')!;

  const patch = ZRoutingSettingsPatchSchema.parse({ firstReplyMinutes: 15, warnPercent: 80, reassignMinutes: 30, businessHours: BUSINESS_HOURS });
  const settings: TRoutingSettingsRow = {
    companyId,
    firstReplyMinutes: patch.firstReplyMinutes ?? null,
    warnPercent: patch.warnPercent ?? 80,
    reassignMinutes: patch.reassignMinutes ?? null,
    businessHours: patch.businessHours!,
  };
  await routing.upsertSettings(tx, settings);

  const ruleInputs: TRoutingRuleInput[] = [
    { name: 'Recalls → service advisor', keywords: ['recall'], strategy: 'fixed_user', role: 'ROLE_COMMUNICATION', userId: advisor.id },
    { name: 'New texts: take turns', channels: [...TEXT_CHANNELS], strategy: 'round_robin', role: 'ROLE_COMMUNICATION' },
  ];
  for (const input of ruleInputs) {
    const r = ZRoutingRuleCreateSchema.parse(input);
    await routing.insertRule(tx, { companyId, ...r });
  }
  const rules = await routing.listRules(tx, { companyId });

  const now = Date.now();
  const starts = pastBusinessStarts(settings, opts.timeZone, { count: PAST.length, gapHours: 5, now }).reverse();
  const everyone = mine.map((u) => u.id);
  // Oldest first, so the round-robin pointer moves in the order the messages came.
  for (const [i, c] of PAST.slice(0, starts.length).entries()) {
    const startedAt = starts[i]!;
    const { dueAt, warnAt } = targetTimesOf(settings, opts.timeZone, startedAt);
    const repliedAt =
      c.outcome === 'in_time'
        ? new Date(startedAt.getTime() + (c.replyAfterMinutes ?? 5) * 60_000)
        : c.outcome === 'warned'
          ? new Date(warnAt!.getTime() + 60_000)
          : new Date(dueAt!.getTime() + 26 * 60_000);
    await routeSeedConversation(tx, { companyId, rules, settings, timeZone: opts.timeZone, c, startedAt, repliedAt, readBy: everyone });
  }

  // Waiting now: the inbox row shows its timer, and the warning, breach and reassignment run as for a live text.
  const waiting: TPastWait = {
    firstName: 'Tom',
    lastName: 'Becker',
    phone: '+15555550315',
    question: 'Is the service department open on Saturday? My truck is making a grinding noise.',
    reply: '',
    outcome: 'in_time',
  };
  await routeSeedConversation(tx, {
    companyId,
    rules,
    settings,
    timeZone: opts.timeZone,
    c: waiting,
    startedAt: new Date(now - 3 * 60_000),
    repliedAt: null,
    readBy: [],
  });
}

async function routeSeedConversation(
  tx: TTx,
  opts: {
    companyId: number;
    rules: Awaited<ReturnType<typeof routing.listRules>>;
    settings: TRoutingSettingsRow;
    timeZone: string;
    c: TPastWait;
    startedAt: Date;
    repliedAt: Date | null;
    readBy: number[];
  },
): Promise<void> {
  const { companyId, c, startedAt, repliedAt } = opts;
  const lines: TSeedLine[] = [['in', c.question, startedAt]];
  if (repliedAt) lines.push(['out', c.reply, repliedAt]);
  if (repliedAt && c.thanks) lines.push(['in', c.thanks, new Date(repliedAt.getTime() + 3 * 60_000)]);
  // The customer exists before it is routed (as an inbound text creates it), then gets the chosen owner.
  let choice: Awaited<ReturnType<typeof chooseAgent>> | undefined;
  const { customerId, messageIds } = await insertSeedConversation(tx, {
    companyId,
    ownerId: async (id) => {
      choice = await chooseAgent(tx, { rules: opts.rules, customerId: id, channel: 'simulator', text: c.question, exclude: [] });
      return choice.userId;
    },
    customer: { firstName: c.firstName, lastName: c.lastName, phone: c.phone },
    channel: 'simulator',
    lines,
    readBy: opts.readBy,
  });
  if (!choice) return;
  await routing.insertDecision(tx, {
    companyId,
    customerId,
    messageId: messageIds[0]!,
    kind: 'route',
    ruleId: choice.rule?.id ?? null,
    ruleName: choice.rule?.name ?? null,
    strategy: choice.rule?.strategy ?? null,
    chosenUserId: choice.userId,
    previousUserId: null,
    reason: choice.reason,
    skipped: choice.skipped,
  });
  const { dueAt, warnAt } = targetTimesOf(opts.settings, opts.timeZone, startedAt);
  const wait = (await routing.openWait(tx, { companyId, customerId, startedAt, dueAt, warnAt }))!;
  // The seed writes history after the fact: the decision and the wait's marks carry the times they happened at.
  await tx.execute(
    sql`update routing_decisions set created_at = ${startedAt.toISOString()}::timestamptz where company_id = ${companyId} and customer_id = ${customerId}`,
  );
  if (repliedAt) {
    if (c.outcome !== 'in_time') await routing.markWait(tx, { companyId, id: wait.id, mark: 'warned_at' });
    if (c.outcome === 'breached') await routing.markWait(tx, { companyId, id: wait.id, mark: 'breached_at' });
    await routing.closeWaits(tx, { companyId, customerIds: [customerId] });
    await tx.execute(sql`update routing_waits set replied_at = ${repliedAt.toISOString()}::timestamptz,
        warned_at = case when warned_at is null then null else warn_at end, breached_at = case when breached_at is null then null else due_at end
      where company_id = ${companyId} and id = ${wait.id}`);
    return;
  }
  // Planned exactly as routing-flow's routeInboundMessage plans them for a live inbound text.
  const jobIds: number[] = [];
  if (warnAt && dueAt) {
    jobIds.push(await enqueueJob(tx, { companyId, kind: JOB_ROUTING_WARN, payload: { waitId: wait.id, customerId }, runAt: warnAt }));
    jobIds.push(await enqueueJob(tx, { companyId, kind: JOB_ROUTING_BREACH, payload: { waitId: wait.id, customerId }, runAt: dueAt }));
  }
  if (opts.settings.reassignMinutes && choice.userId !== null)
    jobIds.push(
      await enqueueJob(tx, {
        companyId,
        kind: JOB_ROUTING_REASSIGN,
        payload: { waitId: wait.id, customerId, ownerId: choice.userId },
        runAt: new Date(Date.now() + opts.settings.reassignMinutes * 60_000),
      }),
    );
  if (jobIds.length) await routing.addWaitJobs(tx, { companyId, id: wait.id, jobIds });
  if (dueAt) await routing.setResponseDue(tx, { companyId, customerIds: [customerId], dueAt });
}
