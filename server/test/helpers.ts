import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type TApp, type TBuildAppOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, runInScope, type TDatabase, type TQueryObserver } from '../src/db/client';
import type { TMail, TMailer } from '../src/lib/mailer';
import { defaultCompanySettings } from '../src/modules/companies/companies.defaults';
import { companies } from '../src/modules/companies/companies.schema';
import { users } from '../src/modules/users/users.schema';
import { withDatabase } from './global-setup';

export const TEST_PASSWORD = 'Passw0rd1';
let passwordHash: Promise<string> | undefined;

/** A fresh PostgreSQL database cloned from the run's migrated template (only with DATABASE_URL). */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplateDb');
  if (!url || !template) throw new Error('needs DATABASE_URL');
  const name = `${template}_f_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function openTestDatabase(onQuery: TQueryObserver): Promise<{ db: TDatabase; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL && inject('pgTemplateDb')) {
    const pgDb = await createPostgresTestDatabase();
    const db = await createDatabase({ databaseUrl: pgDb.url, poolSize: 4, onQuery });
    return {
      db,
      drop: async () => {
        await db.close();
        await pgDb.drop();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dump = readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: { btree_gist, pg_trgm } });
  const db = await createDatabase({ pglite, onQuery });
  return { db, drop: () => db.close() };
}

export interface TTestApp {
  app: TApp;
  db: TDatabase;
  mails: TMail[];
  /** Receives every SQL statement while set (see recordStatements). */
  queryObserver: { current: TQueryObserver | undefined };
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}, options: Pick<TBuildAppOptions, 'webPushAgent' | 'logger' | 'logStream'> = {}): Promise<TTestApp> {
  const queryObserver: TTestApp['queryObserver'] = { current: undefined };
  const { db, drop } = await openTestDatabase((query, params) => queryObserver.current?.(query, params));
  const mails: TMail[] = [];
  const mailer: TMailer = { send: async (m) => void mails.push(m) };
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cd-test-')),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://app.test',
    // Tests run the outbox by hand (`app.deps.jobs.drain()`) so every step is deterministic.
    WORKER: 'false',
    // Automated sends would otherwise depend on the time of day the suite runs; the quiet-hours test turns it on.
    QUIET_HOURS: 'false',
    // In-process live bus even when the suite runs with REDIS_URL set: on the shared Redis channel a test would hear
    // the events of other test files' apps. Tests of the Redis bus pass REDIS_URL themselves.
    REDIS_URL: '',
    ...env,
  });
  const app = await buildApp({ config, db, mailer, logger: false, ...options });
  await app.ready();
  return {
    app,
    db,
    mails,
    queryObserver,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * The SQL statements that ran during `fn`, in order: every statement of every transaction, including the
 * `set_config`/role statement of runInScope and the auth hook's user lookup. On PostgreSQL drizzle also sends
 * `begin`/`commit` as statements (PGlite opens its transactions itself), so compare counts within one driver.
 */
export async function recordStatements(t: Pick<TTestApp, 'queryObserver'>, fn: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const previous = t.queryObserver.current;
  t.queryObserver.current = (query) => void statements.push(query);
  try {
    await fn();
  } finally {
    t.queryObserver.current = previous;
  }
  return statements;
}

/** How many SQL statements ran during `fn` (see recordStatements). */
export async function countStatements(t: Pick<TTestApp, 'queryObserver'>, fn: () => Promise<unknown>): Promise<number> {
  return (await recordStatements(t, fn)).length;
}

let counter = 0;
export function unique(prefix: string): string {
  counter++;
  // Letters between the numbers: "co-245678-123-456789" reads as a card number (15 digits in dash-separated groups,
  // Luhn-valid one time in ten) and was masked in texts that carry the company's name.
  return `${prefix}-p${process.pid}n${counter}x${randomBytes(3).toString('hex')}`;
}

export interface TSeededCompany {
  companyId: number;
  slug: string;
  admin: { id: number; email: string };
  agent: { id: number; email: string };
  user2: { id: number; email: string };
}

/** A company with an admin, an agent and a second plain user, written straight to the database. */
export async function seedCompany(
  db: TDatabase,
  opts: { modules?: Record<string, boolean>; availableUserRoles?: string[] } = {},
): Promise<TSeededCompany> {
  passwordHash ??= hash(TEST_PASSWORD);
  const pw = await passwordHash;
  const slug = unique('co').toLowerCase();
  return runInScope(db, { companyId: null, system: true }, async (tx) => {
    const [c] = await tx
      .insert(companies)
      .values({
        name: `Company ${slug}`,
        slug,
        ...defaultCompanySettings(opts.modules),
        ...(opts.availableUserRoles ? { availableUserRoles: opts.availableUserRoles } : {}),
      })
      .returning();
    const mk = (role: string, roles: string[]) => ({
      companyId: c!.id,
      email: `${role}.${slug}@test.example`,
      passwordHash: pw,
      firstName: role,
      lastName: slug,
      roles,
      dms: {},
    });
    const rows = await tx
      .insert(users)
      .values([
        mk('admin', ['ROLE_USER', 'ROLE_COMPANY_ADMIN', 'ROLE_COMMUNICATION']),
        mk('agent', ['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_INTERNAL_CHAT']),
        mk('user2', ['ROLE_USER', 'ROLE_APPOINTMENTS']),
      ])
      .returning({ id: users.id, email: users.email });
    return { companyId: c!.id, slug, admin: rows[0]!, agent: rows[1]!, user2: rows[2]! };
  });
}

export async function seedSuperAdmin(db: TDatabase): Promise<{ id: number; email: string }> {
  passwordHash ??= hash(TEST_PASSWORD);
  const pw = await passwordHash;
  const email = `${unique('root')}@test.example`;
  const [row] = await runInScope(db, { companyId: null, system: true }, (tx) =>
    tx
      .insert(users)
      .values({ companyId: null, email, passwordHash: pw, firstName: 'Root', lastName: 'Admin', roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'], dms: {} })
      .returning({ id: users.id, email: users.email }),
  );
  return row!;
}

export async function login(app: TApp, email: string, password = TEST_PASSWORD): Promise<{ token: string; refresh_token: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** PATCH /api/companies/{id} as a merge-patch. */
export function patchCompany(app: TTestApp['app'], opts: { id: number; token: string; body: unknown }) {
  return app.inject({
    method: 'PATCH',
    url: `/api/companies/${opts.id}`,
    headers: { ...bearer(opts.token), 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(opts.body),
  });
}

/** An ephemeral port that is free right now (for tests that must know their URL before listening). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
