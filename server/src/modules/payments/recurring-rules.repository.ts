import { and, asc, desc, eq, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import {
  paymentRecurringCharges,
  paymentRecurringRules,
  paymentSavedCards,
  type TRecurringChargeRow,
  type TRecurringRuleRow,
  type TSavedCardRow,
} from './recurring-rules.schema';

/** The charges a rule shows (newest periods first). */
export const RULE_CHARGES_SHOWN = 6;

export interface TRuleRefs {
  customer: { id: number; firstName: string; lastName: string } | null;
  card: {
    id: number;
    brand: string | null;
    last4: string | null;
    consentName: string;
    consentAt: string;
    revokedAt: string | null;
    expiryMonth: number | null;
    expiryYear: number | null;
  } | null;
  charges: { period: string; state: TRecurringChargeRow['state']; amountCents: number; transactionId: number | null; message: string | null }[];
}
export type TRuleWithRefs = TRecurringRuleRow & { refs: TRuleRefs };

const R = sql.raw('"payment_recurring_rules"');
/* One statement per page whatever its size: the customer, the card and the latest charges are subqueries. */
const refsColumn = sql<TRuleRefs | string>`json_build_object(
  'customer', (select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name)
    from customers c where c.company_id = ${R}."company_id" and c.id = ${R}."customer_id"),
  'card', (select json_build_object('id', s.id, 'brand', s.card_brand, 'last4', s.card_last4, 'consentName', s.consent_name,
      'consentAt', s.consent_at, 'revokedAt', s.revoked_at, 'expiryMonth', s.expiry_month, 'expiryYear', s.expiry_year)
    from payment_saved_cards s where s.company_id = ${R}."company_id" and s.id = ${R}."saved_card_id"),
  'charges', coalesce((select json_agg(json_build_object('period', x.period, 'state', x.state, 'amountCents', x.amount_cents,
      'transactionId', x.transaction_id, 'message', x.message) order by x.period desc)
    from (select * from payment_recurring_charges g where g.company_id = ${R}."company_id" and g.rule_id = ${R}."id"
      order by g.period desc limit ${RULE_CHARGES_SHOWN}) x), '[]'::json))`;

function withRefs(rows: { rule: TRecurringRuleRow; refs: TRuleRefs | string }[]): TRuleWithRefs[] {
  return rows.map((r) => {
    const refs = (typeof r.refs === 'string' ? JSON.parse(r.refs) : r.refs) as TRuleRefs;
    refs.charges = refs.charges.map((c) => ({
      ...c,
      amountCents: Number(c.amountCents),
      transactionId: c.transactionId === null ? null : Number(c.transactionId),
    }));
    if (refs.card) refs.card = { ...refs.card, id: Number(refs.card.id) };
    if (refs.customer) refs.customer = { ...refs.customer, id: Number(refs.customer.id) };
    return { ...r.rule, refs };
  });
}

const byCompany = (companyId: number | null, cond: SQL) => (companyId === null ? cond : and(eq(paymentRecurringRules.companyId, companyId), cond)!);

/** Rules with a card (those still waiting for their first charge are not shown), newest first, after the keyset. */
export async function listRules(
  tx: TTx,
  opts: { companyId: number; customerId?: number; before?: Date; idLt?: number; limit: number },
): Promise<TRuleWithRefs[]> {
  const t = paymentRecurringRules;
  const conds: SQL[] = [eq(t.companyId, opts.companyId), isNotNull(t.savedCardId)];
  if (opts.customerId !== undefined) conds.push(eq(t.customerId, opts.customerId));
  if (opts.before)
    conds.push(opts.idLt ? or(lt(t.createdAt, opts.before), and(eq(t.createdAt, opts.before), lt(t.id, opts.idLt)))! : lt(t.createdAt, opts.before));
  const rows = await tx
    .select({ rule: t, refs: refsColumn })
    .from(t)
    .where(and(...conds))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(opts.limit);
  return withRefs(rows);
}

export async function findRuleWithRefs(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TRuleWithRefs | undefined> {
  const t = paymentRecurringRules;
  const rows = await tx
    .select({ rule: t, refs: refsColumn })
    .from(t)
    .where(byCompany(opts.companyId, and(eq(t.id, opts.id), isNotNull(t.savedCardId))!));
  return withRefs(rows)[0];
}

export async function lockRule(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TRecurringRuleRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentRecurringRules)
    .where(byCompany(opts.companyId, eq(paymentRecurringRules.id, opts.id)))
    .for('update');
  return row;
}

export type TRuleInsert = Omit<typeof paymentRecurringRules.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Undefined: a rule with this create key exists (a double click, a retry). */
export async function insertRule(tx: TTx, values: TRuleInsert): Promise<TRecurringRuleRow | undefined> {
  const [row] = await tx.insert(paymentRecurringRules).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lockRuleByCreateKey(tx: TTx, opts: { companyId: number; createKey: string }): Promise<TRecurringRuleRow | undefined> {
  const t = paymentRecurringRules;
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.companyId, opts.companyId), eq(t.createKey, opts.createKey)))
    .for('update');
  return row;
}

export async function updateRule(
  tx: TTx,
  opts: { companyId: number; id: number; set: Partial<Omit<TRecurringRuleRow, 'companyId' | 'id' | 'createdAt'>> },
): Promise<TRecurringRuleRow | undefined> {
  const t = paymentRecurringRules;
  const [row] = await tx
    .update(t)
    .set({ ...opts.set, updatedAt: new Date() })
    .where(and(eq(t.companyId, opts.companyId), eq(t.id, opts.id)))
    .returning();
  return row;
}

export async function insertSavedCard(tx: TTx, values: Omit<typeof paymentSavedCards.$inferInsert, 'id' | 'createdAt'>): Promise<TSavedCardRow> {
  const [row] = await tx.insert(paymentSavedCards).values(values).returning();
  return row!;
}

/** A card the customer saved before, still usable. */
export async function findUsableSavedCard(tx: TTx, opts: { companyId: number; id: number; customerId: number }): Promise<TSavedCardRow | undefined> {
  const s = paymentSavedCards;
  const [row] = await tx
    .select()
    .from(s)
    .where(and(eq(s.companyId, opts.companyId), eq(s.id, opts.id), eq(s.customerId, opts.customerId), isNull(s.revokedAt)));
  return row;
}

export async function findSavedCard(tx: TTx, opts: { companyId: number; id: number }): Promise<TSavedCardRow | undefined> {
  const s = paymentSavedCards;
  const [row] = await tx
    .select()
    .from(s)
    .where(and(eq(s.companyId, opts.companyId), eq(s.id, opts.id)));
  return row;
}

/**
 * The period's charge row, written before the processor is asked. Undefined: the period already has one (another
 * process, an earlier run): the unique (rule, period) key is the "never twice a period" guarantee.
 */
export async function insertCharge(
  tx: TTx,
  values: Pick<TRecurringChargeRow, 'companyId' | 'ruleId' | 'period' | 'idempotencyKey' | 'amountCents'>,
): Promise<TRecurringChargeRow | undefined> {
  const [row] = await tx.insert(paymentRecurringCharges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lockCharge(tx: TTx, opts: { companyId: number; id: number }): Promise<TRecurringChargeRow | undefined> {
  const g = paymentRecurringCharges;
  const [row] = await tx
    .select()
    .from(g)
    .where(and(eq(g.companyId, opts.companyId), eq(g.id, opts.id)))
    .for('update');
  return row;
}

export async function finishCharge(
  tx: TTx,
  opts: { companyId: number; id: number; state: TRecurringChargeRow['state']; transactionId?: number | null; message?: string | null },
): Promise<void> {
  const g = paymentRecurringCharges;
  await tx
    .update(g)
    .set({
      state: opts.state,
      transactionId: opts.transactionId ?? null,
      message: opts.message ?? null,
      finishedAt: opts.state === 'unknown' ? null : new Date(),
    })
    .where(and(eq(g.companyId, opts.companyId), eq(g.id, opts.id)));
}

/** Live rules due by `now`, across companies (system scope), oldest due first. */
export async function findDueRules(tx: TTx, opts: { now: Date; limit: number }): Promise<TRecurringRuleRow[]> {
  const t = paymentRecurringRules;
  return tx
    .select()
    .from(t)
    .where(and(eq(t.enabled, true), isNull(t.endedAt), isNotNull(t.savedCardId), lte(t.nextChargeAt, opts.now)))
    .orderBy(asc(t.nextChargeAt))
    .limit(opts.limit);
}

/** Charges whose outcome is open: unknown, or pending for longer than a charge call takes (a crash, a lost answer). */
export async function findOpenCharges(tx: TTx, opts: { pendingBefore: Date; limit: number }): Promise<TRecurringChargeRow[]> {
  const g = paymentRecurringCharges;
  return tx
    .select()
    .from(g)
    .where(or(eq(g.state, 'unknown'), and(eq(g.state, 'pending'), lt(g.createdAt, opts.pendingBefore))))
    .orderBy(asc(g.createdAt))
    .limit(opts.limit);
}

export async function findChargeByKey(tx: TTx, opts: { companyId: number; idempotencyKey: string }): Promise<TRecurringChargeRow | undefined> {
  const g = paymentRecurringCharges;
  const [row] = await tx
    .select()
    .from(g)
    .where(and(eq(g.companyId, opts.companyId), eq(g.idempotencyKey, opts.idempotencyKey)));
  return row;
}

/** Cards not revoked, newest first, with their customer's name: one statement. */
export async function listActiveSavedCards(
  tx: TTx,
  opts: { companyId: number; customerId?: number; limit: number },
): Promise<(TSavedCardRow & { customerFirstName: string | null; customerLastName: string | null })[]> {
  const s = paymentSavedCards;
  const conds: SQL[] = [eq(s.companyId, opts.companyId), isNull(s.revokedAt)];
  if (opts.customerId !== undefined) conds.push(eq(s.customerId, opts.customerId));
  const rows = await tx
    .select({
      card: s,
      customerFirstName: sql<string | null>`(select c.first_name from customers c where c.company_id = ${s.companyId} and c.id = ${s.customerId})`,
      customerLastName: sql<string | null>`(select c.last_name from customers c where c.company_id = ${s.companyId} and c.id = ${s.customerId})`,
    })
    .from(s)
    .where(and(...conds))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r.card, customerFirstName: r.customerFirstName, customerLastName: r.customerLastName }));
}

export async function lockSavedCard(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TSavedCardRow | undefined> {
  const s = paymentSavedCards;
  const [row] = await tx
    .select()
    .from(s)
    .where(opts.companyId === null ? eq(s.id, opts.id) : and(eq(s.companyId, opts.companyId), eq(s.id, opts.id)))
    .for('update');
  return row;
}

export async function revokeSavedCard(tx: TTx, opts: { companyId: number; id: number; now: Date }): Promise<TSavedCardRow> {
  const s = paymentSavedCards;
  const [row] = await tx
    .update(s)
    .set({ revokedAt: opts.now })
    .where(and(eq(s.companyId, opts.companyId), eq(s.id, opts.id)))
    .returning();
  return row!;
}

/**
 * A revoked card's rules stop: paused with no next charge (never charged again); their consent columns are left as they
 * were, so the record of what the customer agreed to stays. Answers the ids of the rules stopped now.
 */
export async function stopRulesOfCard(tx: TTx, opts: { companyId: number; savedCardId: number }): Promise<number[]> {
  const t = paymentRecurringRules;
  const rows = await tx
    .update(t)
    .set({ enabled: false, nextChargeAt: null, updatedAt: new Date() })
    .where(and(eq(t.companyId, opts.companyId), eq(t.savedCardId, opts.savedCardId), isNull(t.endedAt), eq(t.enabled, true)))
    .returning({ id: t.id });
  return rows.map((r) => r.id);
}

export async function setSavedCardExpiry(tx: TTx, opts: { companyId: number; id: number; expiryMonth: number; expiryYear: number }): Promise<void> {
  const s = paymentSavedCards;
  await tx
    .update(s)
    .set({ expiryMonth: opts.expiryMonth, expiryYear: opts.expiryYear })
    .where(and(eq(s.companyId, opts.companyId), eq(s.id, opts.id)));
}
