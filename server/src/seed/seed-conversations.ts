import type { TTx } from '../db/client';
import { customerReadStates, customers } from '../modules/customers/customers.schema';
import { messages, messageTemplates } from '../modules/messages/messages.schema';
import { users } from '../modules/users/users.schema';

type TLine = [direction: 'in' | 'out', text: string, minutesAgo: number];

interface TDemoCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  owner?: string;
  tags?: string[];
  email?: string;
  preferredBrand?: string;
  /** Read by everyone after its last message (otherwise it shows unread). */
  read?: boolean;
  lines: TLine[];
}

const MOTORS: TDemoCustomer[] = [
  {
    firstName: 'James',
    lastName: 'Whitaker',
    phone: '+15555550301',
    owner: 'agent@motors.example.com',
    tags: ['service'],
    preferredBrand: 'Ford',
    lines: [
      ['out', 'Hi James, your F-150 is in for the 30k service. We will text you when it is ready.', 190],
      ['in', 'Thanks! Any idea how long?', 185],
      ['out', 'About two hours. We also noticed the front brake pads are at 3 mm.', 120],
      ['in', 'Is my car ready? Also how much for the brakes?', 6],
    ],
  },
  {
    firstName: 'Linda',
    lastName: 'Gomez',
    phone: '+15555550302',
    owner: 'agent@motors.example.com',
    tags: ['vip'],
    preferredBrand: 'Toyota',
    read: true,
    lines: [
      ['in', 'Can I book an oil change for Friday morning?', 1500],
      ['out', 'Friday 9:00 AM works. See you then, Linda!', 1490],
      ['in', 'Perfect, thank you', 1485],
    ],
  },
  {
    firstName: 'Robert',
    lastName: 'Chen',
    phone: '+15555550303',
    tags: ['warranty'],
    preferredBrand: 'Honda',
    lines: [['in', 'Hello, my check engine light came on this morning', 45]],
  },
  {
    firstName: 'Patricia',
    lastName: 'Moore',
    phone: '+15555550304',
    owner: 'agent@motors.example.com',
    read: true,
    lines: [
      ['out', 'Your vehicle is ready for pickup. Total: $412.80.', 3000],
      ['in', 'On my way', 2990],
      ['out', 'Thank you for choosing Demo Motors!', 2900],
    ],
  },
  {
    firstName: 'Michael',
    lastName: 'Brown',
    phone: '+15555550305',
    tags: ['fleet'],
    read: true,
    lines: [
      ['in', 'We need 3 vans serviced next week.', 8000],
      ['out', 'Happy to help. Monday and Tuesday have open bays.', 7900],
    ],
  },
  { firstName: '', lastName: '', phone: '+15555550306', lines: [['in', 'Do you have winter tires in stock?', 15]] },
  {
    firstName: 'Susan',
    lastName: 'Taylor',
    phone: '+15555550307',
    owner: 'agent@motors.example.com',
    read: true,
    lines: [
      ['out', 'Reminder: your appointment is tomorrow at 10:30 AM.', 600],
      ['in', 'Got it, thanks', 590],
    ],
  },
];

const REALTY: TDemoCustomer[] = [
  { firstName: 'Daniel', lastName: 'Park', phone: '+15555550401', tags: ['buyer'], lines: [['in', 'Is the house on Ocean Ave still available?', 30]] },
  {
    firstName: 'Karen',
    lastName: 'Lewis',
    phone: '+15555550402',
    owner: 'agent@realty.example.com',
    tags: ['seller'],
    read: true,
    lines: [
      ['out', 'Hi Karen, we have two showings booked for Saturday.', 2000],
      ['in', 'Great news!', 1995],
    ],
  },
];

const MOTORS_TEMPLATES = [
  'Your vehicle is ready for pickup. We are open until 6 PM.',
  'Thanks for your visit! Reply here if you have any questions.',
  'We have a few questions about your repair. Can we call you?',
];

/** Demo conversations on the simulator channel, so the inbox and the phone simulator have something to show. */
export async function seedDemoConversations(tx: TTx, opts: { motorsId: number; realtyId: number }): Promise<void> {
  const allUsers = await tx.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users);
  const userId = (email: string) => allUsers.find((u) => u.email === email)?.id ?? null;
  const now = Date.now();
  for (const [companyId, list] of [
    [opts.motorsId, MOTORS],
    [opts.realtyId, REALTY],
  ] as const) {
    const companyUsers = allUsers.filter((u) => u.companyId === companyId);
    for (const c of list) {
      const at = (m: number) => new Date(now - m * 60_000);
      const last = c.lines.at(-1)!;
      const lastIn = [...c.lines].reverse().find((l) => l[0] === 'in');
      const [row] = await tx
        .insert(customers)
        .values({
          companyId,
          userId: c.owner ? userId(c.owner) : null,
          firstName: c.firstName,
          lastName: c.lastName,
          phone: c.phone,
          email: c.email ?? null,
          tags: c.tags ?? [],
          preferredBrand: c.preferredBrand ?? null,
          preferredChannel: 'simulator',
          bumpedAt: at(last[2]),
          lastInboundAt: lastIn ? at(lastIn[2]) : null,
          lastMessage: {
            content: last[1],
            direction: last[0] === 'in' ? 'INBOUND' : 'OUTBOUND',
            status: last[0] === 'in' ? 'RECEIVED' : 'DELIVERED',
            createdAt: at(last[2]).toISOString(),
            hasAttachments: false,
          },
          createdAt: at(c.lines[0]![2] + 5),
        })
        .returning({ id: customers.id });
      await tx.insert(messages).values(
        c.lines.map(([dir, text, ago], i) => ({
          companyId,
          customerId: row!.id,
          userId: dir === 'out' ? (c.owner ? userId(c.owner) : (companyUsers[0]?.id ?? null)) : null,
          direction: dir === 'in' ? ('INBOUND' as const) : ('OUTBOUND' as const),
          status: dir === 'in' ? 'RECEIVED' : 'DELIVERED',
          channel: 'simulator',
          sender: dir === 'in' ? ('customer' as const) : ('agent' as const),
          content: text,
          providerMessageId: `SEED-${companyId}-${row!.id}-${i}`,
          sentAt: at(ago),
          createdAt: at(ago),
        })),
      );
      if (c.read)
        await tx.insert(customerReadStates).values(companyUsers.map((u) => ({ companyId, customerId: row!.id, userId: u.id, readAt: new Date(now) })));
    }
  }
  await tx.insert(messageTemplates).values(MOTORS_TEMPLATES.map((text) => ({ companyId: opts.motorsId, text })));
}
