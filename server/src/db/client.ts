import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
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
  /**
   * The same database through the outbox worker's own small pool, so API requests and the worker never wait for
   * each other's connections (decisions.md, "Outbox worker"). PGlite has one connection: there it is this object.
   */
  worker: TDatabase;
  /**
   * PostgreSQL only: a transaction whose `begin` and scope settings go in one round trip (`setup` is the
   * literal-only statement runInScope builds). Without it runInScope uses drizzle's transaction.
   */
  scopedTransaction?: <T>(setup: string, fn: (tx: TTx) => Promise<T>) => Promise<T>;
  close(): Promise<void>;
}

export interface TCreateDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already opened PGlite (tests load a migrated template into memory). */
  pglite?: PGlite;
  poolSize?: number;
  /** Connections of the worker's pool (`worker`); PostgreSQL only. */
  workerPoolSize?: number;
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
    const open = (max: number) => {
      const pool = new pg.Pool({ connectionString: opts.databaseUrl, max });
      // The API answers even if a pooled connection drops; the next query gets a fresh one.
      pool.on('error', () => undefined);
      return pool;
    };
    const pool = open(opts.poolSize ?? 10);
    // pg opens connections on first use: a process that runs no worker never connects this one.
    const workerPool = open(opts.workerPoolSize ?? 4);
    const exec = async (text: string) => {
      await pool.query(text);
    };
    const worker: TDatabase = {
      kind: 'postgres',
      drizzle: drizzlePg({ client: workerPool, logger: loggerOf(opts.onQuery) }),
      exec,
      scopedTransaction: scopedTransactionOn({ pool: workerPool, onQuery: opts.onQuery }),
      get worker() {
        return worker;
      },
      // Ended with the database it belongs to.
      close: async () => undefined,
    };
    return {
      kind: 'postgres',
      drizzle: drizzlePg({ client: pool, logger: loggerOf(opts.onQuery) }),
      exec,
      scopedTransaction: scopedTransactionOn({ pool, onQuery: opts.onQuery }),
      worker,
      close: async () => {
        await Promise.all([pool.end(), workerPool.end()]);
      },
    };
  }
  const client = opts.pglite ?? (await PGlite.create({ dataDir: opts.dataDir, extensions: { btree_gist, pg_trgm } }));
  const db: TDatabase = {
    kind: 'pglite',
    drizzle: drizzlePglite({ client, logger: loggerOf(opts.onQuery) }),
    exec: async (text) => {
      await client.exec(text);
    },
    get worker() {
      return db;
    },
    close: () => client.close(),
  };
  return db;
}

const dialect = new PgDialect();

/**
 * drizzle's transaction sends `begin`, then runInScope sends its settings: two round trips before any work, on every
 * request. Here both go as one simple-protocol query (no parameters: `setup` holds only literals runInScope built),
 * and drizzle's own transaction class runs the body on that connection. The observer still sees `begin`, the setup
 * and `commit`/`rollback` as separate statements, as the statement-count tests expect.
 */
function scopedTransactionOn(opts: { pool: pg.Pool; onQuery?: TQueryObserver }) {
  return async <T>(setup: string, fn: (tx: TTx) => Promise<T>): Promise<T> => {
    const client = await opts.pool.connect();
    // Set when the connection's state is unknown (a failed begin or rollback): pg then closes it instead of reusing it.
    let broken: Error | undefined;
    const fail = (err: unknown) => (broken = err instanceof Error ? err : new Error(String(err)));
    try {
      opts.onQuery?.('begin', []);
      opts.onQuery?.(setup, []);
      await client.query(`begin; ${setup}`).catch((err: unknown) => {
        fail(err);
        throw err;
      });
      const session = new NodePgSession(client, dialect, undefined, { logger: loggerOf(opts.onQuery) });
      const tx = new NodePgTransaction(dialect, session, undefined) as unknown as TTx;
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        opts.onQuery?.('rollback', []);
        await client.query('rollback').catch(fail);
        throw err;
      }
      // A failed commit ends the transaction on the server (it rolls back): the connection stays usable.
      opts.onQuery?.('commit', []);
      await client.query('commit');
      return result;
    } finally {
      client.release(broken);
    }
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
  if (db.scopedTransaction) {
    if (scope.companyId !== null && !Number.isSafeInteger(scope.companyId)) return Promise.reject(new Error('company id must be an integer'));
    const company = scope.companyId === null ? '' : String(scope.companyId);
    return db.scopedTransaction(
      `select set_config('app.company_id', '${company}', true), set_config('app.system', '${scope.system ? 'on' : ''}', true), set_config('role', '${APP_ROLE}', true)`,
      fn,
    );
  }
  return db.drizzle.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.company_id', ${scope.companyId === null ? '' : String(scope.companyId)}, true),
                 set_config('app.system', ${scope.system ? 'on' : ''}, true),
                 set_config('role', ${APP_ROLE}, true)`,
    );
    return fn(tx);
  });
}
