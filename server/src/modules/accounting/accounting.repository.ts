import { sql, type SQL } from 'drizzle-orm';
import type { TArAging } from '@cd/contracts/accounting';
import type { TTx } from '../../db/client';
import type { TArStatementRow, TArStatementView, TArTransactionRow, TChargeCustomerRow, TChargeCustomerView } from './accounting.schema';

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** Where "today" and a transaction's day are read: the company's calendar. */
export interface TAgingClock {
  today: string;
  timeZone: string;
}

/* ---- Charge customers ---- */

const CUSTOMER_COLUMNS = sql`c.company_id, c.id, c.name, c.account_number, c.phone, c.email, c.customer_id, c.created_at, c.updated_at`;

function customerRowOf(r: TRaw): TChargeCustomerRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    name: String(r.name),
    accountNumber: String(r.account_number),
    phone: strOrNull(r.phone),
    email: strOrNull(r.email),
    customerId: numOrNull(r.customer_id),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

function agingOf(r: TRaw): TArAging {
  const current = num(r.a_current ?? 0);
  const days30 = num(r.a_30 ?? 0);
  const days60 = num(r.a_60 ?? 0);
  const days90 = num(r.a_90 ?? 0);
  return { current, days30, days60, days90, total: current + days30 + days60 + days90 };
}

/** The aging sums of unreconciled transactions as columns a_current…a_90 and n (for `where` on `t`). */
function agingColumns(clock: TAgingClock): SQL {
  const age = sql`(${clock.today}::date - (t.transaction_at at time zone ${clock.timeZone})::date)`;
  return sql`coalesce(sum(t.amount_cents) filter (where ${age} < 30), 0)::bigint as a_current,
             coalesce(sum(t.amount_cents) filter (where ${age} between 30 and 59), 0)::bigint as a_30,
             coalesce(sum(t.amount_cents) filter (where ${age} between 60 and 89), 0)::bigint as a_60,
             coalesce(sum(t.amount_cents) filter (where ${age} >= 90), 0)::bigint as a_90,
             count(t.id)::int as n`;
}

export interface TChargeCustomerFilter {
  companyId: number | null;
  ids?: readonly number[];
  search?: string;
}

function customerWhere(f: TChargeCustomerFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.companyId !== null) parts.push(sql`c.company_id = ${f.companyId}`);
  if (f.ids) parts.push(sql`c.id = any(${sql.param([...f.ids])}::bigint[])`);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(lower(c.name) like ${like} or lower(c.account_number) like ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/** One statement for the whole page: customers, their messaging customer's name and their aging. */
export async function listChargeCustomerViews(
  tx: TTx,
  opts: { filter: TChargeCustomerFilter; clock: TAgingClock; limit?: number; offset?: number },
): Promise<TChargeCustomerView[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${CUSTOMER_COLUMNS}, nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') as customer_name, a.*
        from charge_customers c
        left join customers cu on cu.company_id = c.company_id and cu.id = c.customer_id
        left join lateral (
          select ${agingColumns(opts.clock)} from ar_transactions t
          where t.company_id = c.company_id and t.charge_customer_id = c.id and not t.reconciled
        ) a on true
        where ${customerWhere(opts.filter)}
        order by lower(c.name), c.id
        ${opts.limit === undefined ? sql`` : sql`limit ${opts.limit} offset ${opts.offset ?? 0}`}`,
  );
  return rows.map((r) => ({ ...customerRowOf(r), customerName: strOrNull(r.customer_name), aging: agingOf(r), openTransactions: num(r.n ?? 0) }));
}

export async function countChargeCustomers(tx: TTx, opts: { filter: TChargeCustomerFilter }): Promise<number> {
  const rows = await rowsOf(tx, sql`select count(*)::int as n from charge_customers c where ${customerWhere(opts.filter)}`);
  return num(rows[0]?.n ?? 0);
}

/** Locks the row (a change and a statement of the same customer serialise). */
export async function lockChargeCustomer(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TChargeCustomerRow | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${CUSTOMER_COLUMNS} from charge_customers c where ${customerWhere({ companyId: opts.companyId, ids: [opts.id] })} for update`,
  );
  return rows[0] ? customerRowOf(rows[0]) : null;
}

export interface TChargeCustomerValues {
  name: string;
  accountNumber: string;
  phone: string | null;
  email: string | null;
  customerId: number | null;
}

/** Null when the account number is already used in the company. */
export async function insertChargeCustomer(tx: TTx, opts: { companyId: number; values: TChargeCustomerValues }): Promise<number | null> {
  const v = opts.values;
  const rows = await rowsOf(
    tx,
    sql`insert into charge_customers (company_id, name, account_number, phone, email, customer_id)
        values (${opts.companyId}, ${v.name}, ${v.accountNumber}, ${v.phone}, ${v.email}, ${v.customerId})
        on conflict on constraint charge_customers_account_key do nothing returning id`,
  );
  return rows[0] ? num(rows[0].id) : null;
}

/** False when the new account number is already used by another charge customer. */
export async function updateChargeCustomer(tx: TTx, opts: { companyId: number; id: number; values: TChargeCustomerValues }): Promise<boolean> {
  const v = opts.values;
  const taken = await rowsOf(
    tx,
    sql`select 1 from charge_customers where company_id = ${opts.companyId} and account_number = ${v.accountNumber} and id <> ${opts.id}`,
  );
  if (taken.length > 0) return false;
  await tx.execute(sql`update charge_customers set name = ${v.name}, account_number = ${v.accountNumber}, phone = ${v.phone}, email = ${v.email},
      customer_id = ${v.customerId}, updated_at = now() where company_id = ${opts.companyId} and id = ${opts.id}`);
  return true;
}

/** Totals of every unreconciled transaction of the company, and how many customers owe. */
export async function agingTotals(tx: TTx, opts: { companyId: number; clock: TAgingClock }): Promise<{ aging: TArAging; customers: number }> {
  const rows = await rowsOf(
    tx,
    sql`select ${agingColumns(opts.clock)}, count(distinct t.charge_customer_id)::int as customers
        from ar_transactions t where t.company_id = ${opts.companyId} and not t.reconciled`,
  );
  return { aging: agingOf(rows[0] ?? {}), customers: num(rows[0]?.customers ?? 0) };
}

/* ---- Transactions ---- */

const TX_COLUMNS = sql`t.company_id, t.id, t.charge_customer_id, t.document_number, t.transaction_number, t.sequence_number, t.transaction_at,
  t.amount_cents, t.journal, t.source, t.reconciled, t.statement_id`;

export function transactionRowOf(r: TRaw): TArTransactionRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    chargeCustomerId: num(r.charge_customer_id),
    documentNumber: String(r.document_number),
    transactionNumber: String(r.transaction_number),
    sequenceNumber: num(r.sequence_number),
    transactionAt: dateOf(r.transaction_at),
    amountCents: num(r.amount_cents),
    journal: String(r.journal),
    source: String(r.source),
    reconciled: Boolean(r.reconciled),
    statementId: numOrNull(r.statement_id),
  };
}

/** A customer's transactions newest first, after the keyset (transactionAt, id) when given. */
export async function listTransactions(
  tx: TTx,
  opts: { companyId: number; customerId: number; reconciled?: boolean; inStatement?: boolean; before?: { at: Date; id: number }; limit: number },
): Promise<TArTransactionRow[]> {
  const parts: SQL[] = [sql`t.company_id = ${opts.companyId}`, sql`t.charge_customer_id = ${opts.customerId}`];
  if (opts.reconciled !== undefined) parts.push(opts.reconciled ? sql`t.reconciled` : sql`not t.reconciled`);
  if (opts.inStatement !== undefined) parts.push(opts.inStatement ? sql`t.statement_id is not null` : sql`t.statement_id is null`);
  if (opts.before) parts.push(sql`(t.transaction_at, t.id) < (${opts.before.at.toISOString()}::timestamptz, ${opts.before.id})`);
  const rows = await rowsOf(
    tx,
    sql`select ${TX_COLUMNS} from ar_transactions t where ${sql.join(parts, sql` and `)} order by t.transaction_at desc, t.id desc limit ${opts.limit}`,
  );
  return rows.map(transactionRowOf);
}

export async function listStatementTransactions(tx: TTx, opts: { companyId: number; statementId: number }): Promise<TArTransactionRow[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${TX_COLUMNS} from ar_transactions t where t.company_id = ${opts.companyId} and t.statement_id = ${opts.statementId}
        order by t.transaction_at, t.id`,
  );
  return rows.map(transactionRowOf);
}

export async function findTransactionsByIds(tx: TTx, opts: { companyId: number; ids: readonly number[] }): Promise<TArTransactionRow[]> {
  const rows = await rowsOf(
    tx,
    sql`select ${TX_COLUMNS} from ar_transactions t where t.company_id = ${opts.companyId} and t.id = any(${sql.param([...opts.ids])}::bigint[])`,
  );
  return rows.map(transactionRowOf);
}

/**
 * Takes the transactions for a statement: only the customer's, unreconciled, in no statement and inside the period.
 * A conditional update, so of two statements racing for one transaction exactly one gets it (the other's update
 * waits for the row lock, then sees statement_id set and skips it). Returns what it took.
 */
export async function claimTransactions(
  tx: TTx,
  opts: { companyId: number; statementId: number; customerId: number; ids: readonly number[]; from: string; to: string; timeZone: string },
): Promise<{ id: number; amountCents: number }[]> {
  const rows = await rowsOf(
    tx,
    sql`update ar_transactions t set statement_id = ${opts.statementId}, updated_at = now()
        where t.company_id = ${opts.companyId} and t.charge_customer_id = ${opts.customerId} and t.id = any(${sql.param([...opts.ids])}::bigint[])
          and t.statement_id is null and not t.reconciled
          and (t.transaction_at at time zone ${opts.timeZone})::date between ${opts.from}::date and ${opts.to}::date
        returning t.id, t.amount_cents`,
  );
  return rows.map((r) => ({ id: num(r.id), amountCents: num(r.amount_cents) }));
}

/* ---- Statements ---- */

const STATEMENT_COLUMNS = sql`s.company_id, s.id, s.charge_customer_id, s.period_from::text as period_from, s.period_to::text as period_to, s.amount_cents,
  s.transaction_count, s.payment_request_id, s.sent_at, s.paid_at, s.created_by_id, s.created_at, c.name as customer_name, c.account_number`;

function statementViewOf(r: TRaw): TArStatementView {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    chargeCustomerId: num(r.charge_customer_id),
    periodFrom: dayOf(r.period_from),
    periodTo: dayOf(r.period_to),
    amountCents: num(r.amount_cents),
    transactionCount: num(r.transaction_count),
    paymentRequestId: numOrNull(r.payment_request_id),
    sentAt: dateOrNull(r.sent_at),
    paidAt: dateOrNull(r.paid_at),
    createdById: numOrNull(r.created_by_id),
    createdAt: dateOf(r.created_at),
    customerName: String(r.customer_name),
    accountNumber: String(r.account_number),
  };
}

export async function insertStatement(
  tx: TTx,
  opts: {
    companyId: number;
    values: Pick<TArStatementRow, 'chargeCustomerId' | 'periodFrom' | 'periodTo' | 'amountCents' | 'transactionCount' | 'createdById'>;
  },
): Promise<number> {
  const v = opts.values;
  const rows = await rowsOf(
    tx,
    sql`insert into ar_statements (company_id, charge_customer_id, period_from, period_to, amount_cents, transaction_count, created_by_id)
        values (${opts.companyId}, ${v.chargeCustomerId}, ${v.periodFrom}::date, ${v.periodTo}::date, ${v.amountCents}, ${v.transactionCount}, ${v.createdById})
        returning id`,
  );
  return num(rows[0]!.id);
}

/** `companyId` null: any company's (the super admin's system scope). `lock` serialises sends and payments. */
export async function findStatementView(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<TArStatementView | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${STATEMENT_COLUMNS} from ar_statements s join charge_customers c on c.company_id = s.company_id and c.id = s.charge_customer_id
        where s.id = ${opts.id} ${opts.companyId === null ? sql`` : sql`and s.company_id = ${opts.companyId}`}
        ${opts.lock ? sql`for update of s` : sql``}`,
  );
  return rows[0] ? statementViewOf(rows[0]) : null;
}

/** Newest first, before the keyset (createdAt, id) when given; one statement for the page. */
export async function listStatementViews(tx: TTx, opts: { companyId: number; customerId?: number; before?: Date; limit: number }): Promise<TArStatementView[]> {
  const parts: SQL[] = [sql`s.company_id = ${opts.companyId}`];
  if (opts.customerId !== undefined) parts.push(sql`s.charge_customer_id = ${opts.customerId}`);
  if (opts.before) parts.push(sql`s.created_at < ${opts.before.toISOString()}::timestamptz`);
  const rows = await rowsOf(
    tx,
    sql`select ${STATEMENT_COLUMNS} from ar_statements s join charge_customers c on c.company_id = s.company_id and c.id = s.charge_customer_id
        where ${sql.join(parts, sql` and `)} order by s.created_at desc, s.id desc limit ${opts.limit}`,
  );
  return rows.map(statementViewOf);
}

export async function markStatementSent(tx: TTx, opts: { companyId: number; id: number; paymentRequestId: number }): Promise<void> {
  await tx.execute(sql`update ar_statements set payment_request_id = ${opts.paymentRequestId}, sent_at = coalesce(sent_at, now())
      where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/**
 * Marks the statement paid and reconciles its transactions, once: the conditional update on paid_at makes a replayed
 * "paid" (a webhook and the page both reporting it) a no-op. False when it was already paid.
 */
export async function markStatementPaid(tx: TTx, opts: { companyId: number; id: number; paymentRequestId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update ar_statements set paid_at = now() where company_id = ${opts.companyId} and id = ${opts.id} and paid_at is null
        and payment_request_id = ${opts.paymentRequestId} returning id`,
  );
  if (rows.length === 0) return false;
  await tx.execute(sql`update ar_transactions set reconciled = true, updated_at = now() where company_id = ${opts.companyId} and statement_id = ${opts.id}`);
  return true;
}
