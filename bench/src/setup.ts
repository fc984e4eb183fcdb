import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '@cd/server/src/app';
import { loadConfig, type TConfig } from '@cd/server/src/config';
import { createDatabase, runInScope, type TDatabase } from '@cd/server/src/db/client';
import { DEMO_PASSWORD, seedDemoData } from '@cd/server/src/seed/seed';
import { encryptSecret } from '@cd/server/src/lib/crypto';
import { companies } from '@cd/server/src/modules/companies/companies.schema';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { users } from '@cd/server/src/modules/users/users.schema';

export const BENCH_ADMIN_EMAIL = 'admin@motors.example.com';

export interface TBenchEnvironment {
  config: TConfig;
  db: TDatabase;
  /** Closes the database and removes everything the run created (temp dir, scratch database). */
  dispose(): Promise<void>;
}

/**
 * A throw-away, migrated and seeded database: PGlite in a fresh temp DATA_DIR, or (with databaseUrl) a scratch
 * database created on that server and dropped afterwards, so a run never leaves data behind.
 */
export async function prepareEnvironment(opts: {
  databaseUrl?: string;
  extraUsers: number;
  /** Extra environment for loadConfig (e.g. TWILIO_BASE_URL, WORKER) on top of the bench defaults. */
  env?: Record<string, string>;
}): Promise<TBenchEnvironment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cd-bench-'));
  const scratch = opts.databaseUrl ? await createScratchDatabase({ databaseUrl: opts.databaseUrl }) : undefined;
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SEED: 'false',
      // Sign-in is not measured, but reruns inside one window must not be rate limited.
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
      ...opts.env,
    });
    const db = await openDatabase(config);
    await seedDemoData({ db });
    await seedBenchUsers({ db, count: opts.extraUsers });
    return {
      config,
      db,
      dispose: async () => {
        await db.close();
        await scratch?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function createScratchDatabase(opts: { databaseUrl: string }) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = await createDatabase({ databaseUrl: opts.databaseUrl, poolSize: 1 });
  await admin.exec(`create database ${name}`);
  const url = new URL(opts.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** The admin connection of the PostgreSQL benchmarks (used only to create and drop the scratch database). */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Null when PostgreSQL answers `select 1` within 5 s, else the reason (so the caller can skip). Goes through the
 * server's createDatabase: `pg` is not a declared dependency of this workspace.
 */
export async function probePostgres(opts: { databaseUrl: string }): Promise<string | null> {
  const db = await createDatabase({ databaseUrl: opts.databaseUrl, poolSize: 1 });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5000);
    });
    await Promise.race([db.exec('select 1'), timeout]);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || err.name : String(err);
  } finally {
    clearTimeout(timer);
    await db.close().catch(() => undefined);
  }
}

/** An API access token for the bench admin, through the real sign-in route (which is not measured). */
export async function signIn(opts: { baseUrl: string; email?: string }): Promise<string> {
  const res = await fetch(`${opts.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: opts.email ?? BENCH_ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Dan', 'Eve', 'Finn', 'Grace', 'Hugo', 'Iris', 'Jack'];

/** Extra users in the admin's company so the paged list reads a realistic table; one hash (argon2 is slow). */
export async function seedBenchUsers(opts: { db: TDatabase; count: number }): Promise<void> {
  await runInScope(opts.db, { companyId: null, system: true }, async (tx) => {
    const admin = await findUserByEmail(tx, BENCH_ADMIN_EMAIL);
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const rows = Array.from({ length: opts.count }, (_, i) => ({
      companyId: admin.companyId,
      email: `bench.user${i}@motors.example.com`,
      passwordHash: admin.passwordHash,
      firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
      lastName: `Bench${String(i).padStart(3, '0')}`,
      roles: ['ROLE_USER'],
      dms: {},
    }));
    if (rows.length) await tx.insert(users).values(rows);
  });
}

/**
 * Points the bench admin's company at a Twilio account (the fake) and returns the company id. Set directly, as what
 * PATCH /api/companies/{id} stores: the auth token encrypted with the app's key, and a from-number.
 */
export async function connectTwilioAccount(opts: {
  env: TBenchEnvironment;
  account: { accountSid: string; authToken: string };
  fromNumber: string;
}): Promise<number> {
  return runInScope(opts.env.db, { companyId: null, system: true }, async (tx) => {
    const admin = await findUserByEmail(tx, BENCH_ADMIN_EMAIL);
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const [company] = await tx.select({ ocs: companies.ocs }).from(companies).where(eq(companies.id, companyId));
    const ocs = {
      ...(company?.ocs as Record<string, unknown>),
      twilioAccountSID: opts.account.accountSid,
      twilioAuthToken: encryptSecret(opts.env.config.encryptionKey, opts.account.authToken),
      twilioPhoneNumber: opts.fromNumber,
    };
    await tx.update(companies).set({ ocs }).where(eq(companies.id, companyId));
    return companyId;
  });
}
