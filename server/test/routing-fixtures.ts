import { sql } from 'drizzle-orm';
import { runInScope } from '../src/db/client';
import { receiveInbound } from '../src/modules/messages/messages.api';
import { login, seedCompany, type TSeededCompany, type TTestApp } from './helpers';
import { uniqueTestPhone } from './test-phone';

/** A seeded company with its admin and agent signed in (the sign-in limit per address counts every login). */
export interface TRoutingCompany extends TSeededCompany {
  adminToken: string;
  agentToken: string;
}

export interface TInboundCustomer {
  id: number;
  user_id: number | null;
  response_due_at: Date | null;
}

/**
 * What the routing tests share: system-scope SQL, a signed-in company, and a customer texting in through the real
 * inbound path (so the company's rules route it). `app` is read lazily: the test app is created in `beforeAll`.
 */
export function createRoutingFixtures(app: () => TTestApp) {
  let seq = 0;
  const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(app().db, { companyId: null, system: true }, fn);
  const rows = async <T>(q: ReturnType<typeof sql>) => (await system((tx) => tx.execute(q))).rows as T[];
  const phone = () => uniqueTestPhone({ prefix: '+1202556', digits: 4 });

  async function company(): Promise<TRoutingCompany> {
    const t = app();
    const s = await seedCompany(t.db);
    return { ...s, adminToken: (await login(t.app, s.admin.email)).token, agentToken: (await login(t.app, s.agent.email)).token };
  }

  /** A customer texting in from `from` (a fresh number by default); the customer row as routing left it. */
  async function inbound(co: TSeededCompany, opts: { from?: string; body?: string } = {}): Promise<TInboundCustomer> {
    const r = await receiveInbound({
      deps: app().app.deps,
      inbound: {
        companyId: co.companyId,
        channel: 'simulator',
        from: { phone: opts.from ?? phone() },
        body: opts.body ?? 'Hello there',
        providerMessageId: `route-${process.pid}-${++seq}`,
        media: [],
      },
    });
    const [c] = await rows<TInboundCustomer>(
      sql`select c.id::int, c.user_id::int, c.response_due_at from customers c join messages m on m.company_id = c.company_id and m.customer_id = c.id where m.id = ${r.messageId}`,
    );
    return c!;
  }

  return { system, rows, phone, company, inbound };
}
