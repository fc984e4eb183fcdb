import { sql } from 'drizzle-orm';
import { runInScope } from '../src/db/client';
import { tokenizeSimulatorCard } from '../src/payments/payments';
import { paymentSimulatorStore, processorForCompany } from '../src/modules/payments/payments.processor';
import { unique, type TSeededCompany, type TTestApp } from './helpers';

const quiet = { info: () => undefined, warn: () => undefined };
const idOf = (r: { rows: unknown[] }) => Number((r.rows[0] as { id: unknown }).id);

/** Payments on (the tests' server simulates), with a terminal grid: T-ALL for everyone, T-ADMIN for the admin only. */
export async function enablePayments(t: TTestApp, s: TSeededCompany): Promise<void> {
  const payment = {
    provider: 'current',
    enabled: true,
    text: 'Pay here: {payment_url}',
    terminals: [
      { serial: 'T-ALL', description: 'Counter', assignedTo: [0] },
      { serial: 'T-ADMIN', description: 'Back office', assignedTo: [s.admin.id] },
      { serial: `T-${unique('x')}`, description: 'Second counter', assignedTo: [0] },
    ],
  };
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set payment = ${JSON.stringify(payment)}::jsonb where id = ${s.companyId}`),
  );
}

/** Gives a user the payment role (user2 of seedCompany has none of the payment area otherwise). */
export async function grantPaymentRole(t: TTestApp, userId: number): Promise<void> {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set roles = array_append(roles, 'ROLE_PAYMENT') where id = ${userId}`),
  );
}

export async function insertCustomer(t: TTestApp, companyId: number, opts: { firstName: string; lastName?: string; phone?: string }): Promise<number> {
  return runInScope(t.db, { companyId }, async (tx) =>
    idOf(
      await tx.execute(sql`insert into customers (company_id, first_name, last_name, phone)
        values (${companyId}, ${opts.firstName}, ${opts.lastName ?? ''}, ${opts.phone ?? `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`}) returning id`),
    ),
  );
}

/** A payment request waiting to be paid (status sent), straight in the database. */
export async function insertPaymentRequest(
  t: TTestApp,
  companyId: number,
  opts: { customerId?: number | null; amountCents?: number; invoice?: string } = {},
): Promise<number> {
  return runInScope(t.db, { companyId }, async (tx) =>
    idOf(
      await tx.execute(sql`insert into payment_requests (company_id, customer_id, source, invoice, amount_cents, subtotal_cents, status, statuses)
        values (${companyId}, ${opts.customerId ?? null}, 'standalone', ${opts.invoice ?? unique('INV')}, ${opts.amountCents ?? 5000}, ${opts.amountCents ?? 5000}, 'sent', '[]'::jsonb)
        returning id`),
    ),
  );
}

/**
 * A real simulator sale (card 4000100011112224 tokenised, then charged through the company's processor, the same
 * store the server uses) recorded as a payment transaction: refunds then go through the processor for real.
 */
export async function insertSale(
  t: TTestApp,
  companyId: number,
  opts: {
    amountCents: number;
    customerId?: number | null;
    paymentRequestId?: number | null;
    createdAt?: Date;
    method?: 'card' | 'terminal' | 'saved_card';
    status?: string;
  },
): Promise<number> {
  const company = { id: companyId, payment: { provider: 'current', enabled: true } };
  const processor = processorForCompany({ config: t.app.deps.config, company, log: quiet })!;
  const key = tokenizeSimulatorCard({ store: paymentSimulatorStore(t.app.deps.config), number: '4000100011112224', expiration: '12/39', cvc: '123' });
  if (!('paymentKey' in key)) throw new Error('tokenise failed');
  const sale = await processor.sale({
    source: { kind: 'payment_key', paymentKey: key.paymentKey },
    amountCents: opts.amountCents,
    invoice: 'FIX',
    idempotencyKey: unique('sale'),
  });
  return runInScope(t.db, { companyId }, async (tx) =>
    idOf(
      await tx.execute(sql`insert into payment_transactions (company_id, payment_request_id, provider, provider_key, kind, method, status, amount_cents, card_brand, card_last4, customer_id, created_at)
        values (${companyId}, ${opts.paymentRequestId ?? null}, 'simulator', ${sale.key}, 'sale', ${opts.method ?? 'card'}, ${opts.status ?? 'approved'}, ${opts.amountCents},
                'visa', '2224', ${opts.customerId ?? null}, ${(opts.createdAt ?? new Date()).toISOString()}::timestamptz)
        returning id`),
    ),
  );
}
