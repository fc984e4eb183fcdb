import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { paymentSavedCards } from './recurring-rules.schema';

/** Rows per insert statement (14 parameters a row, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 1000;

/** One sync per company at a time: a second click waits for the first, then finds its cards (no duplicates). */
export async function lockCompanySync(tx: TTx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-sync-customers:${companyId}`}, 0))`);
}

type TIdsByKey = Map<string, number[]>;

async function idsBy(tx: TTx, query: ReturnType<typeof sql>): Promise<TIdsByKey> {
  const rows = (await tx.execute(query)).rows as { k: string; ids: Array<number | string> | string }[];
  const out: TIdsByKey = new Map();
  for (const r of rows) out.set(r.k, (typeof r.ids === 'string' ? (JSON.parse(r.ids) as number[]) : r.ids).map(Number));
  return out;
}

/**
 * The company's candidates for a batch of vault customers, three statements whatever the batch size: messaging
 * customers linked to a charge customer by account number, and live (not archived) customers by phone and by e-mail.
 * The values travel as one JSON parameter each.
 */
export async function findCandidates(
  tx: TTx,
  opts: { companyId: number; accountNumbers: string[]; phones: string[]; emails: string[] },
): Promise<{ byAccount: TIdsByKey; byPhone: TIdsByKey; byEmail: TIdsByKey }> {
  const c = opts.companyId;
  const byAccount = await idsBy(
    tx,
    sql`select cc.account_number as k, json_agg(cc.customer_id order by cc.customer_id) as ids from charge_customers cc
      where cc.company_id = ${c} and cc.customer_id is not null
        and cc.account_number in (select json_array_elements_text(${JSON.stringify(opts.accountNumbers)}::json))
      group by cc.account_number`,
  );
  const byPhone = await idsBy(
    tx,
    sql`select cu.phone as k, json_agg(cu.id order by cu.id) as ids from customers cu
      where cu.company_id = ${c} and not cu.archived
        and cu.phone in (select json_array_elements_text(${JSON.stringify(opts.phones)}::json))
      group by cu.phone`,
  );
  const byEmail = await idsBy(
    tx,
    sql`select lower(cu.email) as k, json_agg(cu.id order by cu.id) as ids from customers cu
      where cu.company_id = ${c} and not cu.archived and cu.email is not null
        and lower(cu.email) in (select json_array_elements_text(${JSON.stringify(opts.emails)}::json))
      group by lower(cu.email)`,
  );
  return { byAccount, byPhone, byEmail };
}

/** The company's saved cards of this processor, token still encrypted (the caller decrypts to compare). */
export async function listSavedCardTokens(tx: TTx, opts: { companyId: number; provider: string }) {
  const t = paymentSavedCards;
  return tx
    .select({ id: t.id, customerId: t.customerId, tokenEncrypted: t.tokenEncrypted })
    .from(t)
    .where(and(eq(t.companyId, opts.companyId), eq(t.provider, opts.provider)));
}

export type TSavedCardInsert = Omit<typeof paymentSavedCards.$inferInsert, 'id' | 'createdAt'>;

export async function insertSavedCards(tx: TTx, rows: TSavedCardInsert[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await tx
      .insert(paymentSavedCards)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .returning({ id: paymentSavedCards.id });
    n += inserted.length;
  }
  return n;
}
