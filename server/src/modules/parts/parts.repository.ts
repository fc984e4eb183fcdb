import { sql, type SQL } from 'drizzle-orm';
import { PARTS_TICKET_KINDS, type TPartsLine, type TPartsStatementStatus, type TPartsTicketKind, type TPartsTicketStatus } from '@cd/contracts/parts';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import type { TPartsCustomerRow, TPartsPageAsk, TPartsStatementRow, TPartsStatementTicket, TPartsTicketRow } from './parts.schema';

/** Every SQL statement of parts sales. Each list is one statement for its page plus one capped count on page one. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first after the keyset, or all (capped) in the picker's order. */
function pageSql(ask: TPartsPageAsk, table: string, unpagedOrder: SQL): { where: SQL; order: SQL; limit: number } {
  const created = sql.raw(`${table}.created_at`);
  const id = sql.raw(`${table}.id`);
  if (!ask.paginated) return { where: sql``, order: unpagedOrder, limit: ask.limit };
  const where = ask.before
    ? ask.idLt !== undefined
      ? sql` and (${created}, ${id}) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
      : sql` and ${created} < ${ask.before.toISOString()}::timestamptz`
    : sql``;
  return { where, order: sql`${created} desc, ${id} desc`, limit: ask.limit };
}

async function cappedCount(tx: TTx, from: SQL): Promise<TListTotal> {
  const res = await rowsOf(tx, sql`select count(*)::int as n from (select 1 ${from} limit ${TOTAL_COUNT_CAP + 1}) capped`);
  const n = num(res[0]?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

/* ---- Parts customers ---- */

const customerColumns = sql`c.company_id, c.id, c.name, c.contact_name, c.phone, c.email, c.terms_days, c.customer_reference, c.customer_id,
  c.created_at, c.updated_at,
  (select coalesce(sum(t.total_cents), 0) from parts_tickets t
     where t.company_id = c.company_id and t.parts_customer_id = c.id and t.status = 'unpaid') as balance_cents,
  (select coalesce(sum(t.total_cents), 0) from parts_tickets t
     where t.company_id = c.company_id and t.parts_customer_id = c.id and t.status = 'unpaid'
       and t.ticket_date + c.terms_days < current_date) as overdue_cents`;

function customerOf(r: TRaw): TPartsCustomerRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    name: String(r.name),
    contactName: String(r.contact_name),
    phone: r.phone === null ? null : String(r.phone),
    email: r.email === null ? null : String(r.email),
    termsDays: num(r.terms_days),
    customerReference: String(r.customer_reference),
    customerId: numOrNull(r.customer_id),
    balanceCents: num(r.balance_cents),
    overdueCents: num(r.overdue_cents),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

export async function listPartsCustomers(tx: TTx, opts: { companyId: number; name?: string; ask: TPartsPageAsk }): Promise<TPartsCustomerRow[]> {
  const filter = opts.name ? sql` and (c.name ilike ${likeOf(opts.name)} or c.customer_reference ilike ${likeOf(opts.name)})` : sql``;
  const p = pageSql(opts.ask, 'c', sql`lower(c.name), c.id`);
  const rows = await rowsOf(
    tx,
    sql`select ${customerColumns} from parts_customers c where c.company_id = ${opts.companyId}${filter}${p.where} order by ${p.order} limit ${p.limit}`,
  );
  return rows.map(customerOf);
}

export function countPartsCustomers(tx: TTx, opts: { companyId: number; name?: string }): Promise<TListTotal> {
  const filter = opts.name ? sql` and (c.name ilike ${likeOf(opts.name)} or c.customer_reference ilike ${likeOf(opts.name)})` : sql``;
  return cappedCount(tx, sql`from parts_customers c where c.company_id = ${opts.companyId}${filter}`);
}

export async function findPartsCustomer(tx: TTx, opts: { companyId: number; id: number; lock?: boolean }): Promise<TPartsCustomerRow | null> {
  const rows = await rowsOf(tx, sql`select ${customerColumns} from parts_customers c where c.company_id = ${opts.companyId} and c.id = ${opts.id}`);
  return rows[0] ? customerOf(rows[0]) : null;
}

export interface TPartsCustomerValues {
  name: string;
  contactName: string;
  phone: string | null;
  email: string | null;
  termsDays: number;
  customerReference: string;
  customerId: number | null;
}

export async function insertPartsCustomer(tx: TTx, opts: { companyId: number; values: TPartsCustomerValues }): Promise<number> {
  const v = opts.values;
  const rows = await rowsOf(
    tx,
    sql`insert into parts_customers (company_id, name, contact_name, phone, email, terms_days, customer_reference, customer_id)
        values (${opts.companyId}, ${v.name}, ${v.contactName}, ${v.phone}, ${v.email}, ${v.termsDays}, ${v.customerReference}, ${v.customerId})
        returning id`,
  );
  return num(rows[0]!.id);
}

/** Changes the given fields; false when the row is not there. */
export async function updatePartsCustomer(tx: TTx, opts: { companyId: number; id: number; values: Partial<TPartsCustomerValues> }): Promise<boolean> {
  const columns: Record<keyof TPartsCustomerValues, string> = {
    name: 'name',
    contactName: 'contact_name',
    phone: 'phone',
    email: 'email',
    termsDays: 'terms_days',
    customerReference: 'customer_reference',
    customerId: 'customer_id',
  };
  const sets = (Object.keys(opts.values) as (keyof TPartsCustomerValues)[])
    .filter((k) => opts.values[k] !== undefined)
    .map((k) => sql`${sql.raw(columns[k])} = ${opts.values[k]}`);
  const rows = await rowsOf(
    tx,
    sql`update parts_customers set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
        where company_id = ${opts.companyId} and id = ${opts.id} returning id`,
  );
  return rows.length === 1;
}

export async function deletePartsCustomer(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`delete from parts_customers where company_id = ${opts.companyId} and id = ${opts.id} returning id`);
  return rows.length === 1;
}

/** The accounts of some references (lower-cased keys), for an import's upserts: one statement. */
export async function findCustomerIdsByReference(tx: TTx, opts: { companyId: number; references: string[] }): Promise<Map<string, number>> {
  if (!opts.references.length) return new Map();
  const rows = await rowsOf(
    tx,
    sql`select id, lower(customer_reference) as ref from parts_customers
        where company_id = ${opts.companyId} and customer_reference <> '' and lower(customer_reference) = any(${sql.param(opts.references)}::text[])`,
  );
  return new Map(rows.map((r) => [String(r.ref), num(r.id)]));
}

/* ---- Tickets (sales and counter tickets) ---- */

const ticketColumns = sql`t.company_id, t.id, t.kind, t.number, t.ticket_date::text as ticket_date, t.parts_customer_id, t.notes, t.lines,
  t.subtotal_cents, t.tax_cents, t.total_cents, t.status, t.statement_id, t.payment_request_id, t.sent_at, t.paid_at, t.created_at,
  (select c.name from parts_customers c where c.company_id = t.company_id and c.id = t.parts_customer_id) as customer_name`;

function ticketOf(r: TRaw): TPartsTicketRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    kind: String(r.kind) as TPartsTicketKind,
    number: String(r.number),
    date: String(r.ticket_date),
    partsCustomerId: num(r.parts_customer_id),
    customerName: String(r.customer_name ?? ''),
    notes: String(r.notes),
    lines: jsonOf<TPartsLine[]>(r.lines),
    subtotalCents: num(r.subtotal_cents),
    taxCents: num(r.tax_cents),
    totalCents: num(r.total_cents),
    status: String(r.status) as TPartsTicketStatus,
    statementId: numOrNull(r.statement_id),
    paymentRequestId: numOrNull(r.payment_request_id),
    sentAt: dateOrNull(r.sent_at),
    paidAt: dateOrNull(r.paid_at),
    createdAt: dateOf(r.created_at),
  };
}

export interface TTicketFilter {
  companyId: number;
  kind: TPartsTicketKind;
  customerId?: number;
  status?: TPartsTicketStatus;
  onStatement?: boolean;
}

function ticketWhere(f: TTicketFilter): SQL {
  const conds = [sql`t.company_id = ${f.companyId}`, sql`t.kind = ${f.kind}`];
  if (f.customerId !== undefined) conds.push(sql`t.parts_customer_id = ${f.customerId}`);
  if (f.status) conds.push(sql`t.status = ${f.status}`);
  if (f.onStatement !== undefined) conds.push(f.onStatement ? sql`t.statement_id is not null` : sql`t.statement_id is null`);
  return sql.join(conds, sql` and `);
}

export async function listPartsTickets(tx: TTx, opts: { filter: TTicketFilter; ask: TPartsPageAsk }): Promise<TPartsTicketRow[]> {
  const p = pageSql(opts.ask, 't', sql`t.ticket_date desc, t.id desc`);
  const rows = await rowsOf(
    tx,
    sql`select ${ticketColumns} from parts_tickets t where ${ticketWhere(opts.filter)}${p.where} order by ${p.order} limit ${p.limit}`,
  );
  return rows.map(ticketOf);
}

export function countPartsTickets(tx: TTx, opts: { filter: TTicketFilter }): Promise<TListTotal> {
  return cappedCount(tx, sql`from parts_tickets t where ${ticketWhere(opts.filter)}`);
}

/** One ticket of a kind (`lock`: for a change that must see the latest state). */
export async function findPartsTicket(
  tx: TTx,
  opts: { companyId: number; id: number; kind?: TPartsTicketKind; lock?: boolean },
): Promise<TPartsTicketRow | null> {
  const kind = opts.kind ? sql` and t.kind = ${opts.kind}` : sql``;
  const rows = await rowsOf(
    tx,
    sql`select ${ticketColumns} from parts_tickets t where t.company_id = ${opts.companyId} and t.id = ${opts.id}${kind}${opts.lock ? sql` for update of t` : sql``}`,
  );
  return rows[0] ? ticketOf(rows[0]) : null;
}

export interface TPartsTicketValues {
  kind: TPartsTicketKind;
  number: string | null;
  date: string;
  partsCustomerId: number;
  notes: string;
  lines: TPartsLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  createdById: number | null;
}

const NUMBER_PREFIX: Record<TPartsTicketKind, string> = { sale: 'S-', counter_ticket: 'T-' };

/** Inserts a ticket; without a number it takes "S-<id>" / "T-<id>" from its own id, in the same statement. */
export async function insertPartsTicket(tx: TTx, opts: { companyId: number; values: TPartsTicketValues }): Promise<number> {
  const v = opts.values;
  const rows = await rowsOf(
    tx,
    sql`with n as (select nextval(pg_get_serial_sequence('parts_tickets', 'id')) as id)
        insert into parts_tickets (company_id, id, kind, number, ticket_date, parts_customer_id, notes, lines, subtotal_cents, tax_cents, total_cents, created_by_id)
        select ${opts.companyId}, n.id, ${v.kind}, coalesce(${v.number}::text, ${NUMBER_PREFIX[v.kind]} || n.id), ${v.date}::date, ${v.partsCustomerId}, ${v.notes},
               ${JSON.stringify(v.lines)}::jsonb, ${v.subtotalCents}, ${v.taxCents}, ${v.totalCents}, ${v.createdById}
        from n returning id`,
  );
  return num(rows[0]!.id);
}

/** Ticket numbers of a kind that exist already (an import skips them: re-importing a file adds nothing twice). */
export async function findExistingTicketNumbers(tx: TTx, opts: { companyId: number; kind: TPartsTicketKind; numbers: string[] }): Promise<Set<string>> {
  if (!opts.numbers.length) return new Set();
  const rows = await rowsOf(
    tx,
    sql`select number from parts_tickets where company_id = ${opts.companyId} and kind = ${opts.kind} and number = any(${sql.param(opts.numbers)}::text[])`,
  );
  return new Set(rows.map((r) => String(r.number)));
}

/** Records the payment request sent for an unpaid ticket; false when it is paid (or gone) meanwhile. */
export async function markTicketSent(tx: TTx, opts: { companyId: number; id: number; paymentRequestId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update parts_tickets set payment_request_id = ${opts.paymentRequestId}, sent_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and status = 'unpaid' returning id`,
  );
  return rows.length === 1;
}

/** Paid once: a replayed hook changes nothing. Scoped to the request that was paid, so an older link cannot mark it. */
export async function markTicketPaid(tx: TTx, opts: { companyId: number; id: number; paymentRequestId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update parts_tickets set status = 'paid', paid_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and status = 'unpaid' and payment_request_id = ${opts.paymentRequestId} returning id`,
  );
  return rows.length === 1;
}

/* ---- Statements ---- */

const statementColumns = sql`s.company_id, s.id, s.number, s.parts_customer_id, s.period_from::text as period_from, s.period_to::text as period_to,
  s.amount_cents, s.status, s.payment_request_id, s.sent_at, s.paid_at, s.created_at, c.name as customer_name, c.customer_reference,
  (select coalesce(json_agg(json_build_object('id', t.id, 'kind', t.kind, 'number', t.number, 'date', t.ticket_date, 'totalCents', t.total_cents)
      order by t.ticket_date, t.id), '[]'::json)
     from parts_tickets t where t.company_id = s.company_id and t.statement_id = s.id) as tickets`;

function statementOf(r: TRaw): TPartsStatementRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    number: String(r.number),
    partsCustomerId: num(r.parts_customer_id),
    customerName: String(r.customer_name),
    customerReference: String(r.customer_reference),
    from: String(r.period_from),
    to: String(r.period_to),
    amountCents: num(r.amount_cents),
    status: String(r.status) as TPartsStatementStatus,
    tickets: jsonOf<TPartsStatementTicket[]>(r.tickets).map((t) => ({ ...t, id: num(t.id), totalCents: num(t.totalCents) })),
    paymentRequestId: numOrNull(r.payment_request_id),
    sentAt: dateOrNull(r.sent_at),
    paidAt: dateOrNull(r.paid_at),
    createdAt: dateOf(r.created_at),
  };
}

export interface TStatementFilter {
  companyId: number;
  customerId?: number;
  status?: TPartsStatementStatus;
}

function statementWhere(f: TStatementFilter): SQL {
  const conds = [sql`s.company_id = ${f.companyId}`];
  if (f.customerId !== undefined) conds.push(sql`s.parts_customer_id = ${f.customerId}`);
  if (f.status) conds.push(sql`s.status = ${f.status}`);
  return sql.join(conds, sql` and `);
}

const statementFrom = sql`from parts_statements s join parts_customers c on c.company_id = s.company_id and c.id = s.parts_customer_id`;

export async function listPartsStatements(tx: TTx, opts: { filter: TStatementFilter; ask: TPartsPageAsk }): Promise<TPartsStatementRow[]> {
  const p = pageSql(opts.ask, 's', sql`s.created_at desc, s.id desc`);
  const rows = await rowsOf(
    tx,
    sql`select ${statementColumns} ${statementFrom} where ${statementWhere(opts.filter)}${p.where} order by ${p.order} limit ${p.limit}`,
  );
  return rows.map(statementOf);
}

export function countPartsStatements(tx: TTx, opts: { filter: TStatementFilter }): Promise<TListTotal> {
  return cappedCount(tx, sql`from parts_statements s where ${statementWhere(opts.filter)}`);
}

export async function findPartsStatement(tx: TTx, opts: { companyId: number; id: number; lock?: boolean }): Promise<TPartsStatementRow | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${statementColumns} ${statementFrom} where s.company_id = ${opts.companyId} and s.id = ${opts.id}${opts.lock ? sql` for update of s` : sql``}`,
  );
  return rows[0] ? statementOf(rows[0]) : null;
}

/**
 * Creates the statement and claims the customer's unpaid tickets of the period that are on no statement and were not
 * sent on their own, in one statement: the claim is a conditional update, so two statements made at the same moment
 * cannot both take a ticket (the second finds it claimed and gets the rest, or nothing). Null when nothing was
 * claimed (the caller rolls back).
 */
export async function createStatementClaimingTickets(
  tx: TTx,
  opts: { companyId: number; customerId: number; from: string; to: string; createdById: number | null },
): Promise<number | null> {
  const [row] = await rowsOf(
    tx,
    sql`with n as (select nextval(pg_get_serial_sequence('parts_statements', 'id')) as id)
        insert into parts_statements (company_id, id, number, parts_customer_id, period_from, period_to, amount_cents, created_by_id)
        select ${opts.companyId}, n.id, 'ST-' || n.id, ${opts.customerId}, ${opts.from}::date, ${opts.to}::date, 0, ${opts.createdById} from n
        returning id`,
  );
  const id = num(row!.id);
  const [claimed] = await rowsOf(
    tx,
    sql`with claimed as (
          update parts_tickets set statement_id = ${id}
          where company_id = ${opts.companyId} and parts_customer_id = ${opts.customerId} and status = 'unpaid'
            and statement_id is null and payment_request_id is null
            and ticket_date between ${opts.from}::date and ${opts.to}::date
            and kind = any(${sql.param([...PARTS_TICKET_KINDS])}::text[])
          returning total_cents)
        update parts_statements set amount_cents = (select coalesce(sum(total_cents), 0) from claimed)
        where company_id = ${opts.companyId} and id = ${id}
        returning (select count(*) from claimed)::int as n`,
  );
  return num(claimed?.n ?? 0) > 0 ? id : null;
}

/** Only an open (never sent) statement goes; its tickets are freed by the foreign key's `set null`. */
export async function deleteOpenStatement(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`delete from parts_statements where company_id = ${opts.companyId} and id = ${opts.id} and status = 'open' returning id`);
  return rows.length === 1;
}

export async function markStatementSent(tx: TTx, opts: { companyId: number; id: number; paymentRequestId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update parts_statements set status = 'sent', payment_request_id = ${opts.paymentRequestId}, sent_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and status <> 'paid' returning id`,
  );
  return rows.length === 1;
}

/** The statement and every ticket on it paid, once. */
export async function markStatementPaid(tx: TTx, opts: { companyId: number; id: number; paymentRequestId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update parts_statements set status = 'paid', paid_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and status <> 'paid' and payment_request_id = ${opts.paymentRequestId} returning id`,
  );
  if (rows.length !== 1) return false;
  await tx.execute(
    sql`update parts_tickets set status = 'paid', paid_at = now() where company_id = ${opts.companyId} and statement_id = ${opts.id} and status = 'unpaid'`,
  );
  return true;
}
