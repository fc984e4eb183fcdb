import type { TDatabase } from '@cd/server/src/db/client';

/** The part of a `pg` client the bench uses (`pg` is not a declared dependency here, only the server's). */
export interface TPgQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
}

export interface TPgPool extends TPgQueryable {
  connect(): Promise<TPgQueryable & { release(): void }>;
}

/**
 * The pool behind a PostgreSQL TDatabase (drizzle exposes it as `$client`). Seeding and EXPLAIN need
 * parameterised SQL on one connection, which the TDatabase interface does not offer.
 */
export function poolOf(opts: { db: TDatabase }): TPgPool {
  if (opts.db.kind !== 'postgres') throw new Error('this benchmark needs PostgreSQL');
  return (opts.db.drizzle as unknown as { $client: TPgPool }).$client;
}

/** Runs fn in one transaction on one connection, committed on success and rolled back on error. */
export async function runOnConnection<T>(opts: { pool: TPgPool; fn: (client: TPgQueryable) => Promise<T>; rollback?: boolean }): Promise<T> {
  const client = await opts.pool.connect();
  try {
    await client.query('begin');
    const out = await opts.fn(client);
    await client.query(opts.rollback ? 'rollback' : 'commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
