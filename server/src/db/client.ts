import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** The non-owner role every request transaction switches to, so row-level security applies (STACK pitfall 2). */
export const APP_ROLE = 'courier_app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TDrizzle = PgDatabase<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TTx = PgTransaction<any, any, any>;

export interface TDatabase {
  kind: 'pglite' | 'postgres';
  drizzle: TDrizzle;
  /** Runs raw SQL outside row-level security (migrations only). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export interface TCreateDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already opened PGlite (tests load a migrated template into memory). */
  pglite?: PGlite;
  poolSize?: number;
  /**
   * Called with every statement drizzle sends (tests count them to prove a list runs a constant number of
   * statements). Without it no logger is installed at all, so production pays nothing.
   */
  onQuery?: TQueryObserver;
}

export type TQueryObserver = (query: string, params: unknown[]) => void;

function loggerOf(onQuery: TQueryObserver | undefined) {
  return onQuery ? { logQuery: onQuery } : undefined;
}

export async function createDatabase(opts: TCreateDatabaseOptions): Promise<TDatabase> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // The API answers even if a pooled connection drops; the next query gets a fresh one.
    pool.on('error', () => undefined);
    return {
      kind: 'postgres',
      drizzle: drizzlePg({ client: pool, logger: loggerOf(opts.onQuery) }),
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  const client = opts.pglite ?? (await PGlite.create({ dataDir: opts.dataDir }));
  return {
    kind: 'pglite',
    drizzle: drizzlePglite({ client, logger: loggerOf(opts.onQuery) }),
    exec: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

export interface TScope {
  /** Tenant whose rows are visible; null with system=false sees nothing (fail closed). */
  companyId: number | null;
  /** Cross-company path: super-admin lists and authentication lookups only. */
  system?: boolean;
}

/**
 * Every database access goes through here: one transaction, the tenant setting and the non-owner role set
 * LOCAL to it. PGlite is a single session, so nothing may run outside a transaction (it would interleave).
 */
export function runInScope<T>(db: TDatabase, scope: TScope, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return db.drizzle.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.company_id', ${scope.companyId === null ? '' : String(scope.companyId)}, true),
                 set_config('app.system', ${scope.system ? 'on' : ''}, true),
                 set_config('role', ${APP_ROLE}, true)`,
    );
    return fn(tx);
  });
}
