import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/** The import's statements: a constant number per batch of rows, whatever the batch holds. */

type TRaw = Record<string, unknown>;

/** Creates the charge customers of unknown account numbers, then answers every account's id. */
export async function ensureChargeCustomers(
  tx: TTx,
  opts: { companyId: number; customers: { accountNumber: string; name: string; phone: string | null; email: string | null }[] },
): Promise<{ ids: Map<string, number>; created: number }> {
  const c = opts.customers;
  const inserted = await tx.execute(
    sql`insert into charge_customers (company_id, account_number, name, phone, email)
        select ${opts.companyId}, a, n, p, e
        from unnest(${sql.param(c.map((x) => x.accountNumber))}::text[], ${sql.param(c.map((x) => x.name))}::text[],
                    ${sql.param(c.map((x) => x.phone))}::text[], ${sql.param(c.map((x) => x.email))}::text[]) as u(a, n, p, e)
        on conflict on constraint charge_customers_account_key do nothing returning id`,
  );
  const rows = (
    await tx.execute(
      sql`select id, account_number from charge_customers where company_id = ${opts.companyId}
          and account_number = any(${sql.param(c.map((x) => x.accountNumber))}::text[])`,
    )
  ).rows as TRaw[];
  return { ids: new Map(rows.map((r) => [String(r.account_number), Number(r.id)])), created: inserted.rows.length };
}

export interface TArImportValues {
  chargeCustomerId: number;
  documentNumber: string;
  transactionNumber: string;
  sequenceNumber: number;
  transactionAt: Date;
  amountCents: number;
  journal: string;
  source: string;
  reconciled: boolean;
}

export interface TExistingTransaction extends TArImportValues {
  locked: boolean;
}

const keyOf = (v: Pick<TArImportValues, 'chargeCustomerId' | 'documentNumber' | 'transactionNumber' | 'sequenceNumber'>) =>
  JSON.stringify([v.chargeCustomerId, v.documentNumber, v.transactionNumber, v.sequenceNumber]);
export { keyOf as importKeyOf };

/** The stored rows of these keys (to tell new, changed, unchanged and locked rows apart). */
export async function findExistingTransactions(tx: TTx, opts: { companyId: number; values: TArImportValues[] }): Promise<Map<string, TExistingTransaction>> {
  const v = opts.values;
  const rows = (
    await tx.execute(
      sql`select t.charge_customer_id, t.document_number, t.transaction_number, t.sequence_number, t.transaction_at, t.amount_cents, t.journal, t.source,
                 t.reconciled, t.statement_id
          from unnest(${sql.param(v.map((x) => x.chargeCustomerId))}::bigint[], ${sql.param(v.map((x) => x.documentNumber))}::text[],
                      ${sql.param(v.map((x) => x.transactionNumber))}::text[], ${sql.param(v.map((x) => x.sequenceNumber))}::int[]) as k(c, d, n, s)
          join ar_transactions t on t.company_id = ${opts.companyId} and t.charge_customer_id = k.c and t.document_number = k.d
               and t.transaction_number = k.n and t.sequence_number = k.s`,
    )
  ).rows as TRaw[];
  const out = new Map<string, TExistingTransaction>();
  for (const r of rows) {
    const value: TExistingTransaction = {
      chargeCustomerId: Number(r.charge_customer_id),
      documentNumber: String(r.document_number),
      transactionNumber: String(r.transaction_number),
      sequenceNumber: Number(r.sequence_number),
      transactionAt: r.transaction_at instanceof Date ? r.transaction_at : new Date(String(r.transaction_at)),
      amountCents: Number(r.amount_cents),
      journal: String(r.journal),
      source: String(r.source),
      reconciled: Boolean(r.reconciled),
      locked: Boolean(r.reconciled) || r.statement_id !== null,
    };
    out.set(keyOf(value), value);
  }
  return out;
}

/**
 * Inserts new rows and rewrites changed ones, in one statement. A row that got into a statement or was reconciled
 * in between is left alone (the `where` of the update), so a statement's amount never changes under it.
 */
export async function upsertTransactions(tx: TTx, opts: { companyId: number; values: TArImportValues[] }): Promise<void> {
  const v = opts.values;
  if (v.length === 0) return;
  await tx.execute(
    sql`insert into ar_transactions (company_id, charge_customer_id, document_number, transaction_number, sequence_number, transaction_at, amount_cents,
                                     journal, source, reconciled)
        select ${opts.companyId}, c, d, n, s, a, m, j, o, r
        from unnest(${sql.param(v.map((x) => x.chargeCustomerId))}::bigint[], ${sql.param(v.map((x) => x.documentNumber))}::text[],
                    ${sql.param(v.map((x) => x.transactionNumber))}::text[], ${sql.param(v.map((x) => x.sequenceNumber))}::int[],
                    ${sql.param(v.map((x) => x.transactionAt.toISOString()))}::timestamptz[], ${sql.param(v.map((x) => x.amountCents))}::bigint[],
                    ${sql.param(v.map((x) => x.journal))}::text[], ${sql.param(v.map((x) => x.source))}::text[],
                    ${sql.param(v.map((x) => x.reconciled))}::boolean[]) as u(c, d, n, s, a, m, j, o, r)
        on conflict on constraint ar_transactions_dms_key do update set
          transaction_at = excluded.transaction_at, amount_cents = excluded.amount_cents, journal = excluded.journal, source = excluded.source,
          reconciled = excluded.reconciled, updated_at = now()
        where ar_transactions.statement_id is null and not ar_transactions.reconciled`,
  );
}
