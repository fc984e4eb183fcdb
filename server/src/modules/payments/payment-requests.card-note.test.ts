import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { seedOrderWorld } from '../../../test/repair-order-fixtures';

/** Card numbers typed into conversations are masked before storage, and the agent is told to use a payment link. */
let t: TTestApp;
let s: TSeededCompany;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  admin = (await login(t.app, s.admin.email)).token;
});
afterAll(() => t.close());

const stored = (customerId: number) =>
  runInScope(
    t.db,
    { companyId: null, system: true },
    async (tx) =>
      (await tx.execute(sql`select content, direction from messages where customer_id = ${customerId} order by id`)).rows as {
        content: string;
        direction: string;
      }[],
  );
const notes = (userId: number) =>
  runInScope(
    t.db,
    { companyId: null, system: true },
    async (tx) =>
      (await tx.execute(sql`select kind, body, data from notifications where user_id = ${userId} and kind = 'card_number_masked' order by id`)).rows as {
        body: string;
        data: { messageId: number };
      }[],
  );

describe('card numbers in conversations', () => {
  it('a staff message: stored masked, the agent gets one note; text without a card is left alone', async () => {
    const w = await seedOrderWorld(t, s, admin, { order: false });
    const send = (content: string) =>
      t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(admin), payload: { customerId: w.customerId, content } });
    const res = await send('Card 4111 1111 1111 1111 exp 09/29, call 555-123-4567 about order 1234567');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toBe('Card •••• 1111 exp 09/29, call 555-123-4567 about order 1234567');
    expect((await send('Your total is $1,234.56')).json().content).toBe('Your total is $1,234.56');
    const rows = await stored(w.customerId);
    expect(rows.map((r) => r.content).join('\n')).not.toContain('4111 1111 1111 1111');
    const mine = await notes(s.admin.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toContain('payment link');
    expect(mine[0]!.data.messageId).toBe(res.json().id);
  });

  it('a customer message on the simulator channel: stored masked; the conversation owner is noted', async () => {
    const w = await seedOrderWorld(t, s, admin, { order: false });
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update customers set user_id = ${s.agent.id} where id = ${w.customerId}`));
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/simulator/reply',
      headers: bearer(admin),
      payload: { customerId: w.customerId, body: 'here is my card 5555-5555-5555-4444 cvc 123' },
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const rows = await stored(w.customerId);
    const inbound = rows.filter((r) => r.direction === 'INBOUND');
    expect(inbound.map((r) => r.content)).toEqual(['here is my card •••• 4444 cvc 123']);
    expect(await notes(s.agent.id)).toHaveLength(1);
  });
});
