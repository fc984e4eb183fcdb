import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, runInScope, type TDatabase } from '../src/db/client';
import { startFakeTwilio, type TFakeTwilio } from './fakes/fake-twilio';
import { startServerProcess, waitFor, type TServerProcess } from './server-process';
import { bearer, createPostgresTestDatabase, login, seedCompany, seedSuperAdmin, type TSeededCompany } from './helpers';

// More than the worker's default concurrency (32), so the kill finds some sends in flight and some not started.
const MESSAGES = 80;
// Both processes must read the company's encrypted provider token with the same key.
const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');



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
  let server: TServerProcess | null = null;

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
    await server?.kill();
    await app?.close();
    await db?.close();
    await pgDb?.drop();
    await fake?.close();
  });


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
    server = await startServerProcess({ env: { DATABASE_URL: pgDb.url, ENCRYPTION_KEY, DATA_DIR: dataDir, SIMULATOR: 'false', QUIET_HOURS: 'false', TWILIO_BASE_URL: fake.baseUrl } });
    await waitFor(() => fake.sent.length >= 3, { timeoutMs: 20_000, what: () => `the first sends (server output: ${server!.output()})` });
    await server.kill();
    const atKill = fake.sent.length;
    expect(atKill).toBeLessThan(MESSAGES);

    fake.delayNext(0, 0);
    server = await startServerProcess({ env: { DATABASE_URL: pgDb.url, ENCRYPTION_KEY, DATA_DIR: dataDir, SIMULATOR: 'false', QUIET_HOURS: 'false', TWILIO_BASE_URL: fake.baseUrl } });
    const sentCount = async () => {
      const r = await runInScope(db, { companyId: company.companyId }, (tx) =>
        tx.execute(sql`select count(*)::int as n from messages where provider_message_id is not null`),
      );
      return (r.rows[0] as { n: number }).n;
    };
    await waitFor(async () => (await sentCount()) === MESSAGES, { timeoutMs: 90_000, what: () => `all messages to be sent (server output: ${server!.output()})` });
    await server.kill();

    const bodies = fake.sent.map((s) => s.body);
    expect(bodies).toHaveLength(MESSAGES);
    expect(new Set(bodies).size).toBe(MESSAGES);
    const sids = await runInScope(db, { companyId: company.companyId }, (tx) => tx.execute(sql`select provider_message_id as sid from messages`));
    expect(new Set((sids.rows as { sid: string }[]).map((r) => r.sid))).toEqual(new Set(fake.sent.map((s) => s.sid)));
  }, 180_000);
});
