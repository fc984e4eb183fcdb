import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
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
  /**
   * The same database through the outbox worker's own small pool, so API requests and the worker never wait for
   * each other's connections (decisions.md, "Outbox worker"). PGlite has one connection: there it is this object.
   */
  worker: TDatabase;
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
      worker,
      close: async () => {
        await Promise.all([pool.end(), workerPool.end()]);
      },
    };
  }
  const client = opts.pglite ?? (await PGlite.create({ dataDir: opts.dataDir, extensions: { btree_gist } }));
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
