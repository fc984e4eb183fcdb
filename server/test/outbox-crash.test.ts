import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, runInScope, type TDatabase } from '../src/db/client';
import { startFakeTwilio, type TFakeTwilio } from './fakes/fake-twilio';
import { bearer, createPostgresTestDatabase, freePort, login, seedCompany, seedSuperAdmin, type TSeededCompany } from './helpers';

const MESSAGES = 24;
// Both processes must read the company's encrypted provider token with the same key.
const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');


async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

/**
 * A real server process is killed (SIGKILL) while the provider holds its send requests; a second process then
 * finishes the batch. The fake provider must have received every message exactly once.
 */
describe.skipIf(!process.env.DATABASE_URL)('outbox survives a killed worker', () => {
  let fake: TFakeTwilio;
  let pgDb: { url: string; drop: () => Promise<void> };
  let db: TDatabase;
  let app: TApp;
  let company: TSeededCompany;
  let child: ChildProcess | null = null;
  let output = '';

  beforeAll(async () => {
    fake = await startFakeTwilio();
    pgDb = await createPostgresTestDatabase();
    db = await createDatabase({ databaseUrl: pgDb.url, poolSize: 2 });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cd-crash-'));
    app = await buildApp({
      config: loadConfig({ ENCRYPTION_KEY, DATA_DIR: dataDir, DATABASE_URL: pgDb.url, WORKER: 'false', SEED: 'false', LOG_LEVEL: 'silent', TWILIO_BASE_URL: fake.baseUrl, SIMULATOR: 'false' }),
      db,
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
    await db?.close();
    await pgDb?.drop();
    await fake?.close();
  });

  const startWorker = async (dataDir: string) => {
    const port = await freePort();
    output = '';
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: pgDb.url,
        ENCRYPTION_KEY,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'false',
        SIMULATOR: 'false',
        TWILIO_BASE_URL: fake.baseUrl,
        WORKER_POLL_MS: '100',
        WORKER_LEASE_SECONDS: '2',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    return proc;
  };

  it('sends each message exactly once across a crash mid-batch', async () => {
    company = await seedCompany(db);
    const root = (await login(app, (await seedSuperAdmin(db)).email)).token;
    await app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.companyId}`,
      headers: bearer(root),
      payload: { ocs: { twilioAccountSID: fake.accountSid, twilioAuthToken: fake.authToken, twilioPhoneNumber: '+15550002222' } },
    });
    const tok = (await login(app, company.admin.email)).token;
    for (let i = 0; i < MESSAGES; i++) {
      const c = await app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone: `+1555400${String(i).padStart(4, '0')}` } });
      const m = await app.inject({ method: 'POST', url: '/api/messages', headers: bearer(tok), payload: { customerId: c.json().id, content: `batch message ${i}` } });
      expect(m.json().status).toBe('SENDING');
    }
    // Every send is recorded by the provider at once but answered only after a while: the kill lands mid-call.
    fake.delayNext(800, MESSAGES);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cd-crash-w-'));
    child = await startWorker(dataDir);
    await waitFor(() => fake.sent.length >= 3, 20_000, () => `the first sends (server output: ${output})`);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const atKill = fake.sent.length;
    expect(atKill).toBeLessThan(MESSAGES);

    fake.delayNext(0, 0);
    child = await startWorker(dataDir);
    const sentCount = async () => {
      const r = await runInScope(db, { companyId: company.companyId }, (tx) =>
        tx.execute(sql`select count(*)::int as n from messages where provider_message_id is not null`),
      );
      return (r.rows[0] as { n: number }).n;
    };
    await waitFor(async () => (await sentCount()) === MESSAGES, 90_000, () => `all messages to be sent (server output: ${output})`);
    child.kill('SIGKILL');

    const bodies = fake.sent.map((s) => s.body);
    expect(bodies).toHaveLength(MESSAGES);
    expect(new Set(bodies).size).toBe(MESSAGES);
    const sids = await runInScope(db, { companyId: company.companyId }, (tx) => tx.execute(sql`select provider_message_id as sid from messages`));
    expect(new Set((sids.rows as { sid: string }[]).map((r) => r.sid))).toEqual(new Set(fake.sent.map((s) => s.sid)));
  }, 180_000);
});
