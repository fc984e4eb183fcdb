import { and, eq } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { customerReadStates, customers } from '../modules/customers/customers.schema';
import { messages } from '../modules/messages/messages.schema';
import { users } from '../modules/users/users.schema';

/**
 * Six weeks of past conversations for Demo Motors (issue 19), so the dashboard, analytics and reports have history
 * to show: customers writing in on weekdays and a little at weekends, replies from three people after a minute to
 * over an hour, follow-ups, conversations the shop started, and automated texts. Deterministic (a fixed-seed PRNG),
 * all read, so the inbox's unread state is the live demo's own.
 */

const DAYS = 42;
const FIRST = ['Aaron', 'Bianca', 'Carlos', 'Dana', 'Elliot', 'Fatima', 'Grace', 'Hector', 'Irene', 'Jamal', 'Keiko', 'Liam', 'Maya', 'Nolan', 'Olivia'];
const LAST = ['Baker', 'Cruz', 'Dawson', 'Ellis', 'Foster', 'Garcia', 'Hughes', 'Ibarra', 'Jensen', 'Kim', 'Lopez', 'Murphy'];
const INBOUND = [
  'Hi, can I bring my car in tomorrow morning?',
  'Is my truck ready yet?',
  'How much for an oil change and tire rotation?',
  'My check engine light is on again',
  'Do you have a loaner available this week?',
  'Thanks, what time do you close today?',
  'Can you send me the quote for the brakes?',
];
const FOLLOW_UP = ['Great, thank you!', 'OK, see you then', 'Perfect', 'Can you make it a bit earlier?', 'Sounds good'];
const REPLIES = [
  'Yes, we can take it at 8:30. See you then!',
  'It will be ready by 4 PM today.',
  'Oil change and rotation come to $89.95. Want me to book it?',
  'Sorry to hear that. Bring it in and we will scan it for free.',
  'We have a loaner on Thursday, shall I hold it for you?',
  'We are open until 6 PM.',
];
const OUTREACH = ['Hi, your vehicle is due for service. Want us to book a time?', 'Your tires are on backorder until Friday, sorry for the wait.'];
const AUTOMATED = ['Your vehicle is ready for pickup. We are open until 6 PM.', 'Thanks for your visit! Reply here if you have any questions.'];
const CHANNELS = ['simulator', 'simulator', 'simulator', 'sms', 'sms', 'whatsapp'] as const;

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type TRow = typeof messages.$inferInsert;

export async function seedDemoHistory(tx: TTx, opts: { motorsId: number }): Promise<void> {
  const companyId = opts.motorsId;
  const rand = prng(19);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const between = (lo: number, hi: number) => lo + rand() * (hi - lo);
  const companyUsers = await tx.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users);
  const staff = companyUsers.filter((u) => u.companyId === companyId);
  const repliers = ['agent@motors.example.com', 'admin@motors.example.com', 'scheduler@motors.example.com']
    .map((e) => staff.find((u) => u.email === e)?.id)
    .filter((id): id is number => id !== undefined);
  if (repliers.length === 0) return;

  const people = FIRST.flatMap((f, i) => [
    { firstName: f, lastName: LAST[i % LAST.length]! },
    { firstName: f, lastName: LAST[(i + 5) % LAST.length]! },
  ]);
  const rows = await tx
    .insert(customers)
    .values(
      people.map((p, i) => ({
        companyId,
        userId: repliers[i % repliers.length]!,
        firstName: p.firstName,
        lastName: p.lastName,
        phone: `+1555555${String(1000 + i).padStart(4, '0')}`,
        preferredChannel: 'simulator',
        tags: [],
        createdAt: new Date(Date.now() - (DAYS + 5) * 86_400_000),
      })),
    )
    .returning({ id: customers.id, userId: customers.userId });

  const out: TRow[] = [];
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  for (let d = DAYS; d >= 1; d--) {
    const day = today.getTime() - d * 86_400_000;
    const weekday = new Date(day).getUTCDay();
    const count = weekday === 0 || weekday === 6 ? 1 + Math.floor(rand() * 3) : 5 + Math.floor(rand() * 8);
    for (let n = 0; n < count; n++) {
      const customer = pick(rows);
      const channel = pick(CHANNELS);
      // 13:00–22:00 UTC: the working day in the US time zones.
      let at = day + between(13, 22) * 3_600_000;
      const agent = rand() < 0.7 ? customer.userId! : pick(repliers);
      const add = (dir: 'in' | 'out' | 'auto', content: string) =>
        out.push({
          companyId,
          customerId: customer.id,
          userId: dir === 'out' ? agent : null,
          direction: dir === 'in' ? 'INBOUND' : 'OUTBOUND',
          status: dir === 'in' ? 'RECEIVED' : 'DELIVERED',
          channel,
          sender: dir === 'in' ? 'customer' : dir === 'out' ? 'agent' : 'system',
          content,
          sentAt: new Date(at),
          createdAt: new Date(at),
        });
      const replyDelay = () => {
        const r = rand();
        return (r < 0.55 ? between(1, 5) : r < 0.85 ? between(5, 15) : between(15, 90)) * 60_000;
      };
      if (rand() < 0.8) {
        add('in', pick(INBOUND));
        at += replyDelay();
        add('out', pick(REPLIES));
        if (rand() < 0.5) {
          at += between(2, 20) * 60_000;
          add('in', pick(FOLLOW_UP));
          at += replyDelay();
          add('out', 'You are welcome!');
        }
      } else {
        add('out', pick(OUTREACH));
        if (rand() < 0.6) {
          at += between(5, 60) * 60_000;
          add('in', pick(FOLLOW_UP));
          at += replyDelay();
          add('out', 'Thank you, talk soon!');
        }
      }
      if (rand() < 0.3) {
        at += between(60, 180) * 60_000;
        add('auto', pick(AUTOMATED));
      }
    }
  }
  out.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  for (let i = 0; i < out.length; i += 500) await tx.insert(messages).values(out.slice(i, i + 500));

  // Each customer's inbox row: its last message, and read by everyone.
  const last = new Map<number, TRow>();
  for (const m of out) last.set(m.customerId, m);
  for (const [customerId, m] of last) {
    const lastIn = [...out].reverse().find((x) => x.customerId === customerId && x.direction === 'INBOUND');
    await tx
      .update(customers)
      .set({
        bumpedAt: m.createdAt!,
        lastInboundAt: lastIn?.createdAt ?? null,
        lastMessage: { content: m.content!, direction: m.direction, status: m.status, createdAt: m.createdAt!.toISOString(), hasAttachments: false },
      })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  }
  await tx.insert(customerReadStates).values(rows.flatMap((c) => staff.map((u) => ({ companyId, customerId: c.id, userId: u.id, readAt: new Date() }))));
}
