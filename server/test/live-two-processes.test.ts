import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { companyAdminsTopic, companyTopic, userTopic, type TLiveEvent } from '@cd/contracts/live';
import { createDatabase, runInScope, type TDatabase } from '../src/db/client';
import { recordLiveEvents } from '../src/live/live.repository';
import type { TLiveBus } from '../src/live/live.types';
import { createRedisLiveBus } from '../src/live/redis-live-bus';
import { withDatabase } from './global-setup';
import { seedCompany, TEST_PASSWORD, type TSeededCompany } from './helpers';
import { spawnServer, stopServer, type TSpawnedServer } from './spawn-server';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;

/** Minimal SSE reader over Node's fetch. */
async function subscribe(url: string, token: string, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...headers }, signal: ctrl.signal });
  const events: { id: string; data: TLiveEvent<{ marker?: string }> }[] = [];
  if (res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (block.startsWith(':')) continue;
            const lines = block.split('\n');
            const id = lines.find((l) => l.startsWith('id: '))!.slice(4);
            const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
            events.push({ id, data: JSON.parse(data) });
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  const withMarker = (marker: string) => events.filter((e) => e.data.data?.marker === marker);
  return {
    res,
    events,
    withMarker,
    async waitForMarker(marker: string, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!withMarker(marker).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      return withMarker(marker);
    },
    close: () => ctrl.abort(),
  };
}

describe.skipIf(!REDIS_URL || !DATABASE_URL)('live events across two API processes (Redis)', () => {
  let dbName: string;
  let db: TDatabase;
  let co: TSeededCompany;
  let dataDir: string;
  let one: TSpawnedServer | undefined;
  let two: TSpawnedServer | undefined;
  let publisher: TLiveBus | undefined;

  beforeAll(async () => {
    const template = inject('pgTemplateDb');
    // A fresh database of our own: the global-setup teardown also drops `<template>_f_%` if we die first.
    dbName = `${template}_f_live2p_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${template}`);
    await admin.end();
    const url = withDatabase(DATABASE_URL!, dbName);
    db = await createDatabase({ databaseUrl: url, poolSize: 2 });
    co = await seedCompany(db);
    dataDir = mkdtempSync(path.join(tmpdir(), 'cd-live2p-'));
    // Both processes share the secrets, as nodes behind one load balancer do.
    const env = {
      DATABASE_URL: url,
      REDIS_URL: REDIS_URL!,
      SEED: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      MERCURE_JWT_SECRET: randomBytes(36).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LIVE_HEARTBEAT_SECONDS: '1',
    };
    [one, two] = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
    // Stands in for a third API process: it publishes on the same channel in the bus's own format.
    publisher = await createRedisLiveBus({ redisUrl: REDIS_URL! });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(one), stopServer(two)]);
    await publisher?.close();
    await db?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function liveToken(base: string, email: string): Promise<{ token: string; topics: string[] }> {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${base}/api/get_mercure_jwt`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as { token: string; topics: string[] };
  }

  function hub(base: string, topics: string[]): string {
    return `${base}/.well-known/mercure?${topics.map((x) => `topic=${encodeURIComponent(x)}`).join('&')}`;
  }

  it('a change made through process 1 reaches a subscriber of process 2 exactly once', async () => {
    const login = await fetch(`${one!.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: co.admin.email, password: TEST_PASSWORD }),
    });
    const { token: api } = (await login.json()) as { token: string };
    const live = await fetch(`${one!.base}/api/get_mercure_jwt`, { headers: { authorization: `Bearer ${api}` } });
    const { token, topics } = (await live.json()) as { token: string; topics: string[] };
    expect(topics).toContain(companyAdminsTopic(co.companyId));
    const onTwo = await subscribe(hub(two!.base, topics), token);
    try {
      expect(onTwo.res.status).toBe(200);
      const name = `Live${randomBytes(4).toString('hex')}`;
      const created = await fetch(`${one!.base}/api/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${api}` },
        body: JSON.stringify({ phone: `+1555${String(Date.now() % 10_000_000).padStart(7, '0')}`, firstName: name }),
      });
      expect(created.status).toBe(201);
      const deadline = Date.now() + 10_000;
      const mine = () => onTwo.events.filter((e) => e.data.entity === 'customer' && (e.data.data as { firstName?: string })?.firstName === name);
      while (!mine().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 300));
      expect(mine().map((e) => e.data.event)).toEqual(['created']);
    } finally {
      onTwo.close();
    }
  });

  it('an event published by another process reaches subscribers of both processes exactly once', async () => {
    // Signed in on process 1; the token works on process 2 (shared Mercure secret).
    const { token, topics } = await liveToken(one!.base, co.agent.email);
    const onTwo = await subscribe(hub(two!.base, topics), token);
    const onOne = await subscribe(hub(one!.base, topics), token);
    try {
      expect(onTwo.res.status).toBe(200);
      expect(onOne.res.status).toBe(200);
      const marker = `m-${randomBytes(6).toString('hex')}`;
      const stored = await runInScope(db, { companyId: co.companyId }, (tx) =>
        recordLiveEvents(tx, [{ companyId: co.companyId, topics: [userTopic(co.agent.id)], event: 'updated', entity: 'customer', data: { marker } }]),
      );
      // Neither server process wrote this event: only the Redis channel can bring it to them.
      publisher!.broadcast(stored);
      const got2 = await onTwo.waitForMarker(marker);
      const got1 = await onOne.waitForMarker(marker);
      expect(got2.map((e) => e.id)).toEqual([stored[0]!.payload.id]);
      expect(got2[0]!.data).toEqual(stored[0]!.payload);
      expect(got1.map((e) => e.id)).toEqual([stored[0]!.payload.id]);

      // Another company's event on the same channel stays out of this token's stream.
      const other = await seedCompany(db);
      const foreign = `f-${randomBytes(6).toString('hex')}`;
      const otherStored = await runInScope(db, { companyId: other.companyId }, (tx) =>
        recordLiveEvents(tx, [{ companyId: other.companyId, topics: [companyTopic(other.companyId)], event: 'updated', entity: 'company', data: { marker: foreign } }]),
      );
      const after = `a-${randomBytes(6).toString('hex')}`;
      const afterStored = await runInScope(db, { companyId: co.companyId }, (tx) =>
        recordLiveEvents(tx, [{ companyId: co.companyId, topics: [companyTopic(co.companyId)], event: 'updated', entity: 'company', data: { marker: after } }]),
      );
      publisher!.broadcast([...otherStored, ...afterStored]);
      expect(await onTwo.waitForMarker(after)).toHaveLength(1);
      expect(onTwo.withMarker(foreign)).toEqual([]);
      // No duplicates after a while either (a process must not redeliver its own or a peer's message twice).
      await new Promise((r) => setTimeout(r, 300));
      expect(onTwo.withMarker(marker)).toHaveLength(1);
      expect(onOne.withMarker(marker)).toHaveLength(1);
    } finally {
      onTwo.close();
      onOne.close();
    }
  });

  it('process 2 replays from Last-Event-ID what was written elsewhere', async () => {
    const { token, topics } = await liveToken(one!.base, co.agent.email);
    const marker = `r-${randomBytes(6).toString('hex')}`;
    const stored = await runInScope(db, { companyId: co.companyId }, (tx) =>
      recordLiveEvents(tx, [
        { companyId: co.companyId, topics: [userTopic(co.agent.id)], event: 'created', entity: 'message', data: { marker, n: 1 } },
        { companyId: co.companyId, topics: [companyTopic(co.companyId)], event: 'updated', entity: 'company', data: { marker, n: 2 } },
      ]),
    );
    const before = String(BigInt(stored[0]!.payload.id) - 1n);
    const s = await subscribe(hub(two!.base, topics), token, { 'last-event-id': before });
    try {
      expect(s.res.headers.get('last-event-id')).toBe(before);
      const deadline = Date.now() + 10_000;
      while (s.withMarker(marker).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(s.withMarker(marker).map((e) => e.id)).toEqual(stored.map((e) => e.payload.id));
    } finally {
      s.close();
    }
  });
});
