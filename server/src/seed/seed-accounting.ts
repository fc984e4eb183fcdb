import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';

/**
 * Demo Motors' accounts receivable: four trade accounts with invoices and payments of every age (so the aging columns
 * all show something), one linked to a demo messaging customer so its statement can be texted, and one statement.
 */

const DAY_MS = 86_400_000;

/** [account, name, [days ago, document, amount cents, journal, source, reconciled]…] */
const ACCOUNTS: [string, string, [number, string, number, string, string, boolean][]][] = [
  [
    'AR-1001',
    'Eastside Auto Body',
    [
      [3, 'INV-5101', 48_250, 'SJ', 'parts', false],
      [12, 'INV-5087', 129_900, 'SJ', 'parts', false],
      [41, 'INV-4990', 35_075, 'SJ', 'service', false],
      [44, 'PMT-2231', -20_000, 'CR', 'check', false],
      [95, 'INV-4650', 12_340, 'SJ', 'parts', false],
      [130, 'INV-4411', 88_000, 'SJ', 'parts', true],
    ],
  ],
  [
    'AR-1002',
    'City Fleet Services',
    [
      [6, 'INV-5120', 256_410, 'SJ', 'service', false],
      [33, 'INV-5002', 74_999, 'SJ', 'service', false],
      [67, 'INV-4801', 41_500, 'SJ', 'parts', false],
    ],
  ],
  [
    'AR-1003',
    'Hilltop Towing',
    [
      [18, 'INV-5060', 9_875, 'SJ', 'parts', false],
      [20, 'CM-0311', -1_500, 'SJ', 'parts', false],
    ],
  ],
  ['AR-1004', 'Riverside Rentals', [[120, 'INV-4502', 61_200, 'SJ', 'service', false]]],
];

export async function seedDemoAccounting(tx: TTx, opts: { motorsId: number; now?: Date }): Promise<void> {
  const companyId = opts.motorsId;
  const now = opts.now ?? new Date();
  const first = async (q: ReturnType<typeof sql>) => ((await tx.execute(q)).rows[0] ?? null) as Record<string, unknown> | null;
  await tx.execute(
    sql`update companies set automotive_messages = automotive_messages || ${JSON.stringify({
      statementOfAccountText: 'Hi {customer_name}, your statement of account from {company_name} is ready. View and pay it here: {payment_url}',
    })}::jsonb where id = ${companyId}`,
  );
  const messaging = await first(sql`select id from customers where company_id = ${companyId} order by id limit 1`);
  const byAccount = new Map<string, number>();
  for (const [i, [account, name, rows]] of ACCOUNTS.entries()) {
    const c = await first(sql`insert into charge_customers (company_id, name, account_number, email, customer_id)
      values (${companyId}, ${name}, ${account}, ${`ap${i + 1}@trade.example.com`}, ${i === 0 && messaging ? Number(messaging.id) : null}) returning id`);
    const id = Number(c!.id);
    byAccount.set(account, id);
    for (const [daysAgo, doc, cents, journal, source, reconciled] of rows)
      await tx.execute(sql`insert into ar_transactions (company_id, charge_customer_id, document_number, transaction_number, sequence_number, transaction_at,
          amount_cents, journal, source, reconciled)
        values (${companyId}, ${id}, ${doc}, ${`T${doc.slice(-4)}`}, 1, ${new Date(now.getTime() - daysAgo * DAY_MS).toISOString()}::timestamptz, ${cents},
          ${journal}, ${source}, ${reconciled})`);
  }
  // One statement of Eastside's last 60 days' open lines.
  const customerId = byAccount.get('AR-1001')!;
  const from = new Date(now.getTime() - 60 * DAY_MS).toISOString().slice(0, 10);
  const to = now.toISOString().slice(0, 10);
  const open = (
    await tx.execute(sql`select id, amount_cents from ar_transactions where company_id = ${companyId} and charge_customer_id = ${customerId}
        and not reconciled and transaction_at >= ${from}::date`)
  ).rows as { id: string; amount_cents: string }[];
  const amount = open.reduce((s, r) => s + Number(r.amount_cents), 0);
  const st = await first(sql`insert into ar_statements (company_id, charge_customer_id, period_from, period_to, amount_cents, transaction_count)
    values (${companyId}, ${customerId}, ${from}::date, ${to}::date, ${amount}, ${open.length}) returning id`);
  await tx.execute(sql`update ar_transactions set statement_id = ${Number(st!.id)} where company_id = ${companyId}
      and id = any(${sql.param(open.map((r) => Number(r.id)))}::bigint[])`);
}
