import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { paymentStatusesBefore, type TPaymentRequestSource, type TPaymentRequestStatus } from '@cd/contracts/payments';
import { countRows } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import { paymentRequests, type TPaymentRequestRow } from './payment-requests.schema';

export type TPaymentRequestInsert = Omit<typeof paymentRequests.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'statuses'>;

export async function insertPaymentRequest(tx: TTx, values: TPaymentRequestInsert): Promise<TPaymentRequestRow> {
  const now = new Date();
  const [row] = await tx
    .insert(paymentRequests)
    .values({ ...values, statuses: [{ status: values.status ?? 'created', at: now.toISOString() }], createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** One request; `companyId` null (a super admin, a public page in system scope) reaches any company's. */
export async function findPaymentRequest(
  tx: TTx,
  opts: { companyId: number | null; id: number; forUpdate?: boolean },
): Promise<TPaymentRequestRow | undefined> {
  const where = opts.companyId === null ? eq(paymentRequests.id, opts.id) : and(eq(paymentRequests.companyId, opts.companyId), eq(paymentRequests.id, opts.id));
  const q = tx.select().from(paymentRequests).where(where).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/**
 * Moves a request to `to` only from a status that may precede it (contracts canMovePaymentRequestStatus), and only
 * while not cancelled unless `evenCancelled` (a payment that went through must be recorded whatever). One conditional
 * statement: two racing writers cannot both move it; the loser gets undefined.
 */
export async function moveStatus(
  tx: TTx,
  opts: {
    companyId: number;
    id: number;
    to: TPaymentRequestStatus;
    values?: Partial<Pick<TPaymentRequestRow, 'statusReason' | 'sentAt' | 'expiresAt' | 'paidAt' | 'paidCents' | 'messageId' | 'receiptEmail'>>;
    evenCancelled?: boolean;
  },
): Promise<TPaymentRequestRow | undefined> {
  const now = new Date();
  const from = paymentStatusesBefore(opts.to);
  if (!from.length) return undefined;
  const conds: SQL[] = [eq(paymentRequests.companyId, opts.companyId), eq(paymentRequests.id, opts.id), inArray(paymentRequests.status, from)];
  if (!opts.evenCancelled) conds.push(isNull(paymentRequests.cancelledAt));
  const entry = JSON.stringify([{ status: opts.to, at: now.toISOString() }]);
  const [row] = await tx
    .update(paymentRequests)
    .set({
      ...opts.values,
      status: opts.to,
      // A repeated status (sent again by a resend) is listed again: the list is the history of what happened.
      statuses: sql`${paymentRequests.statuses} || ${entry}::jsonb`,
      updatedAt: now,
    })
    .where(and(...conds))
    .returning();
  return row;
}

/** Where the customer wants the receipt (typed on the payment page). */
export async function setReceiptEmail(tx: TTx, opts: { companyId: number; id: number; email: string }): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({ receiptEmail: opts.email })
    .where(and(eq(paymentRequests.companyId, opts.companyId), eq(paymentRequests.id, opts.id)));
}

/** Cancels a request that is neither paid nor expired nor cancelled already (conditional: a racing payment wins or loses cleanly). */
export async function cancelPaymentRequest(tx: TTx, opts: { companyId: number; id: number; now: Date }): Promise<TPaymentRequestRow | undefined> {
  const [row] = await tx
    .update(paymentRequests)
    .set({ cancelledAt: opts.now, updatedAt: opts.now })
    .where(
      and(
        eq(paymentRequests.companyId, opts.companyId),
        eq(paymentRequests.id, opts.id),
        isNull(paymentRequests.cancelledAt),
        inArray(paymentRequests.status, ['not_created', 'created', 'sent', 'failed']),
      ),
    )
    .returning();
  return row;
}

export interface TPaymentRequestFilter {
  companyId: number;
  customerId?: number;
  repairOrderId?: number;
  statuses?: TPaymentRequestStatus[];
  /** Sources the caller may see (a plain user: repair orders' only). */
  sources?: TPaymentRequestSource[];
}

function filterWhere(f: TPaymentRequestFilter): SQL {
  const conds: SQL[] = [eq(paymentRequests.companyId, f.companyId)];
  if (f.customerId !== undefined) conds.push(eq(paymentRequests.customerId, f.customerId));
  if (f.repairOrderId !== undefined) conds.push(eq(paymentRequests.repairOrderId, f.repairOrderId));
  if (f.statuses?.length) conds.push(inArray(paymentRequests.status, f.statuses));
  if (f.sources) conds.push(f.sources.length ? inArray(paymentRequests.source, f.sources) : sql`false`);
  return and(...conds)!;
}

/** What a request shows of the rows it points at, read in the same statement (names only). */
export interface TPaymentRequestRefs {
  customer: { id: number; firstName: string; lastName: string; phone: string | null } | null;
  order: { id: number; number: string } | null;
  createdBy: { id: number; name: string } | null;
  /** The newest link still usable. */
  linkCode: string | null;
}
export type TPaymentRequestWithRefs = TPaymentRequestRow & { refs: TPaymentRequestRefs };

const T = '"payment_requests"';
/* Qualified outer columns (see surveys-read.repository.ts: an unqualified company_id inside a subquery is the inner one). */
const refsColumn = sql<TPaymentRequestRefs | string>`json_build_object(
  'customer', (select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'phone', c.phone)
    from customers c where c.company_id = ${sql.raw(T)}."company_id" and c.id = ${sql.raw(T)}."customer_id"),
  'order', (select json_build_object('id', ro.id, 'number', ro.number)
    from repair_orders ro where ro.company_id = ${sql.raw(T)}."company_id" and ro.id = ${sql.raw(T)}."repair_order_id"),
  'createdBy', (select json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email))
    from users u where u.company_id = ${sql.raw(T)}."company_id" and u.id = ${sql.raw(T)}."created_by_id"),
  'linkCode', (select l.code from customer_links l
    where l.company_id = ${sql.raw(T)}."company_id" and l.entity = 'payment_request' and l.entity_id = ${sql.raw(T)}."id"
      and l.purpose = 'payment' and l.revoked_at is null and (l.expires_at is null or l.expires_at > now())
    order by l.id desc limit 1))`;

function withRefs(rows: { request: TPaymentRequestRow; refs: TPaymentRequestRefs | string }[]): TPaymentRequestWithRefs[] {
  return rows.map((r) => ({ ...r.request, refs: (typeof r.refs === 'string' ? JSON.parse(r.refs) : r.refs) as TPaymentRequestRefs }));
}

/** One page, newest first, after the keyset (`before`, `idLt`): one statement whatever the page size. */
export async function listPaymentRequests(
  tx: TTx,
  opts: { filter: TPaymentRequestFilter; before?: Date; idLt?: number; limit: number },
): Promise<TPaymentRequestWithRefs[]> {
  const conds: SQL[] = [filterWhere(opts.filter)];
  if (opts.before)
    conds.push(
      opts.idLt !== undefined
        ? sql`(${paymentRequests.createdAt} < ${opts.before} or (${paymentRequests.createdAt} = ${opts.before} and ${paymentRequests.id} < ${opts.idLt}))`
        : sql`${paymentRequests.createdAt} < ${opts.before}`,
    );
  const rows = await tx
    .select({ request: paymentRequests, refs: refsColumn })
    .from(paymentRequests)
    .where(and(...conds))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(opts.limit);
  return withRefs(rows);
}

export async function countPaymentRequests(tx: TTx, opts: { filter: TPaymentRequestFilter; exact?: boolean }): Promise<TListTotal> {
  return countRows(tx, { table: paymentRequests, where: filterWhere(opts.filter), exact: opts.exact });
}

export async function findPaymentRequestWithRefs(tx: TTx, opts: { companyId: number; id: number }): Promise<TPaymentRequestWithRefs | undefined> {
  const rows = await tx
    .select({ request: paymentRequests, refs: refsColumn })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.companyId, opts.companyId), eq(paymentRequests.id, opts.id)));
  return withRefs(rows)[0];
}

/** The customer's newest request (Customer.lastPaymentRequest). */
export async function findLatestOfCustomer(tx: TTx, opts: { companyId: number; customerId: number }): Promise<TPaymentRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.companyId, opts.companyId), eq(paymentRequests.customerId, opts.customerId)))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(1);
  return row;
}

/** Requests whose expiry passed, across companies (the job runs in system scope), oldest first. */
export async function findExpiredDue(tx: TTx, opts: { now: Date; limit: number }): Promise<{ companyId: number; id: number }[]> {
  return tx
    .select({ companyId: paymentRequests.companyId, id: paymentRequests.id })
    .from(paymentRequests)
    .where(
      and(
        inArray(paymentRequests.status, ['created', 'sent', 'failed']),
        isNull(paymentRequests.cancelledAt),
        sql`${paymentRequests.expiresAt} is not null and ${paymentRequests.expiresAt} <= ${opts.now}`,
      ),
    )
    .orderBy(paymentRequests.expiresAt)
    .limit(opts.limit);
}
