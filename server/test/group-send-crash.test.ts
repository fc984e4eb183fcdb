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
import { bearer, createPostgresTestDatabase, login, seedCompany, seedSuperAdmin } from './helpers';

const RECIPIENTS = 1500;
const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');


/**
 * A group message to many customers goes out through a real server process that is killed (SIGKILL) mid-send;
 * after a restart every member has received it exactly once and nobody was skipped.
 */
describe.skipIf(!process.env.DATABASE_URL)('group send survives a killed server', () => {
  let fake: TFakeTwilio;
  let pgDb: { url: string; drop: () => Promise<void> };
  let db: TDatabase;
  let app: TApp;
  let server: TServerProcess | null = null;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    pgDb = await createPostgresTestDatabase();
    db = await createDatabase({ databaseUrl: pgDb.url, poolSize: 2 });
    app = await buildApp({
      config: loadConfig({ ENCRYPTION_KEY, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cd-gcrash-')), DATABASE_URL: pgDb.url, WORKER: 'false', SEED: 'false', LOG_LEVEL: 'silent', TWILIO_BASE_URL: fake.baseUrl, SIMULATOR: 'false' }),
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


  it('every member receives the group message exactly once across a crash', async () => {
    const company = await seedCompany(db);
    const root = (await login(app, (await seedSuperAdmin(db)).email)).token;
    await app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.companyId}`,
      headers: bearer(root),
      payload: { ocs: { twilioAccountSID: fake.accountSid, twilioAuthToken: fake.authToken, twilioPhoneNumber: '+15550003333' } },
    });
    // Members written set-based: the point is the send, not the setup.
    await runInScope(db, { companyId: company.companyId }, (tx) =>
      tx.execute(sql`insert into customers (company_id, phone, first_name, bumped_at)
        select ${company.companyId}, '+1555' || lpad((6000000 + g)::text, 7, '0'), 'Member ' || g, now() from generate_series(1, ${RECIPIENTS}) as g`),
    );
    const tok = (await login(app, company.admin.email)).token;
    const group = await app.inject({ method: 'POST', url: '/api/customer_groups', headers: bearer(tok), payload: { name: 'Everyone', addByTags: [] } });
    const groupId = group.json().id;
    await runInScope(db, { companyId: company.companyId }, (tx) =>
      tx.execute(sql`insert into customer_group_members (company_id, group_id, customer_id) select company_id, ${groupId}, id from customers where company_id = ${company.companyId}`),
    );
    const gm = await app.inject({ method: 'POST', url: '/api/group_messages', headers: bearer(tok), payload: { customerGroupId: groupId, content: 'Service special this week' } });
    expect(gm.statusCode).toBe(201);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'cd-gcrash-w-'));
    fake.delayNext(30, RECIPIENTS);
    server = await startServerProcess({ env: { DATABASE_URL: pgDb.url, ENCRYPTION_KEY, DATA_DIR: dataDir, SIMULATOR: 'false', QUIET_HOURS: 'false', TWILIO_BASE_URL: fake.baseUrl } });
    await waitFor(() => fake.sent.length >= RECIPIENTS / 5, { timeoutMs: 120_000, what: () => `a fifth of the sends (server output: ${server!.output()})` });
    await server.kill();
    expect(fake.sent.length).toBeLessThan(RECIPIENTS);

    fake.delayNext(0, 0);
    server = await startServerProcess({ env: { DATABASE_URL: pgDb.url, ENCRYPTION_KEY, DATA_DIR: dataDir, SIMULATOR: 'false', QUIET_HOURS: 'false', TWILIO_BASE_URL: fake.baseUrl } });
    await waitFor(
      async () => {
        const r = await runInScope(db, { companyId: company.companyId }, (tx) =>
          tx.execute(sql`select count(*)::int as n from messages where group_message_id = ${gm.json().id} and provider_message_id is not null`),
        );
        return (r.rows[0] as { n: number }).n === RECIPIENTS;
      },
      { timeoutMs: 180_000, what: () => `every recipient to be sent (server output: ${server!.output()})` },
    );
    await server.kill();
    const to = fake.sent.map((s) => s.to);
    expect(to).toHaveLength(RECIPIENTS);
    expect(new Set(to).size).toBe(RECIPIENTS);
  }, 400_000);
});
