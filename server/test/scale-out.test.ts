import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TLiveEvent } from '@cd/contracts/live';
import { createDatabase } from '../src/db/client';
import { withDatabase } from './global-setup';
import { seedCompany, TEST_PASSWORD, type TSeededCompany } from './helpers';
import { openStream } from './live-stream';
import { waitFor } from './server-process';
import { spawnServer, stopServer, type TSpawnedServer } from './spawn-server';

/*
 * Issue 20 "Scale-out": two API processes (WORKER=false) and one worker process (WORKER=true) on one PostgreSQL
 * database and one Redis, as docs/scaling.md deploys them. Needs real PostgreSQL and Redis (CI's server job has both);
 * PGlite is one process's embedded database and cannot be shared by three processes.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const POLL_MS = 100;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  'scale-out: 2 API processes (WORKER=false) + 1 worker on one PostgreSQL and Redis (skipped without DATABASE_URL and REDIS_URL)',
  () => {
    let dbName = '';
    let url = '';
    let client: pg.Client;
    let co: TSeededCompany;
    let dataDir = '';
    let api1: TSpawnedServer | undefined;
    let api2: TSpawnedServer | undefined;
    let worker: TSpawnedServer | undefined;
    let adminToken = '';
    /** A send made while only the API processes ran, and what its jobs looked like before the worker started. */
    const early = {
      messageId: 0,
      customerId: 0,
      jobsBeforeWorker: [] as { kind: string; attempts: number; locked: boolean; done: boolean }[],
      statusBeforeWorker: '',
    };

    const rowsOf = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];

    async function api(node: TSpawnedServer, method: string, route: string, body?: unknown) {
      const res = await fetch(`${node.base}${route}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
    }

    async function newCustomer(node: TSpawnedServer): Promise<number> {
      const res = await api(node, 'POST', '/api/customers', { phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, firstName: 'Scale' });
      expect(res.status).toBe(201);
      return res.json.id as number;
    }

    const messageStatus = async (id: number) => (await rowsOf<{ status: string }>('select status from messages where id = $1', [id]))[0]?.status;

    beforeAll(async () => {
      const template = inject('pgTemplateDb');
      // A database of our own; the global-setup teardown also drops `<template>_f_%` if this run dies first.
      dbName = `${template}_f_scale_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${dbName} template ${template}`);
      await admin.end();
      url = withDatabase(DATABASE_URL!, dbName);
      const db = await createDatabase({ databaseUrl: url, poolSize: 1 });
      co = await seedCompany(db);
      await db.close();
      client = new pg.Client({ connectionString: url });
      await client.connect();
      dataDir = mkdtempSync(path.join(tmpdir(), 'cd-scale-'));
      // Every node shares the secrets and the Redis channel, as nodes behind one load balancer do; the channel is
      // this run's own so other suites' processes on the same Redis stay out.
      const env = {
        DATABASE_URL: url,
        REDIS_URL: REDIS_URL!,
        REDIS_CHANNEL: `courier:scale-out:${randomBytes(4).toString('hex')}`,
        NODE_ENV: 'test',
        SEED: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        // A stopped worker's jobs become claimable again quickly.
        WORKER_LEASE_SECONDS: '2',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(36).toString('base64url'),
        MERCURE_JWT_SECRET: randomBytes(36).toString('base64url'),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        LIVE_HEARTBEAT_SECONDS: '1',
        QUIET_HOURS: 'false',
        WORKER_POLL_MS: String(POLL_MS),
        WORKER_WAKE_DELAY_MS: '0',
      };
      [api1, api2] = await Promise.all([
        spawnServer({ env: { ...env, WORKER: 'false' }, timeoutMs: 90_000 }),
        spawnServer({ env: { ...env, WORKER: 'false' }, timeoutMs: 90_000 }),
      ]);

      const login = await fetch(`${api1.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: co.admin.email, password: TEST_PASSWORD }),
      });
      adminToken = ((await login.json()) as { token: string }).token;

      // Only API processes run: the send is accepted and its job waits. Twenty poll intervals of both processes
      // would have claimed it had either run a worker (a negative needs some waiting; this is the only fixed wait).
      early.customerId = await newCustomer(api1);
      const sent = await api(api1, 'POST', '/api/messages', { customerId: early.customerId, content: 'Before the worker' });
      expect(sent.status).toBe(201);
      early.messageId = sent.json.id as number;
      await new Promise((r) => setTimeout(r, POLL_MS * 20));
      early.jobsBeforeWorker = await rowsOf(
        `select kind, attempts, locked_until is not null as locked, done_at is not null as done from outbox_jobs where payload->>'messageId' = $1`,
        [String(early.messageId)],
      );
      early.statusBeforeWorker = (await messageStatus(early.messageId))!;

      worker = await spawnServer({ env: { ...env, WORKER: 'true' }, timeoutMs: 90_000 });
    }, 180_000);

    afterAll(async () => {
      await Promise.all([stopServer(api1), stopServer(api2), stopServer(worker)]);
      await client?.end();
      if (dbName) {
        const admin = new pg.Client({ connectionString: DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('API processes with WORKER=false never claim jobs; the worker process picks them up', async () => {
      expect(early.statusBeforeWorker).toBe('SENDING');
      expect(early.jobsBeforeWorker.length).toBeGreaterThan(0);
      expect(early.jobsBeforeWorker.every((j) => j.attempts === 0 && !j.locked && !j.done)).toBe(true);
      await waitFor(async () => ['SENT', 'DELIVERED'].includes((await messageStatus(early.messageId))!), {
        timeoutMs: 20_000,
        what: () => `message ${early.messageId} to be sent by the worker`,
      });
    });

    it('a message sent through API process 1 is delivered by the worker and read back through API process 2', async () => {
      const customerId = await newCustomer(api1!);
      const sent = await api(api1!, 'POST', '/api/messages', { customerId, content: 'Hello from node 1' });
      expect(sent.status).toBe(201);
      expect(sent.json.status).toBe('SENDING');
      const id = sent.json.id as number;
      // The simulator channel reports delivery with a job of its own a moment after the send: both run on the worker.
      let seen = '';
      await waitFor(
        async () => {
          const thread = await api(api2!, 'GET', `/api/messages?customer=${customerId}`);
          seen = ((thread.json.member as { id: number; status: string }[]) ?? []).find((m) => m.id === id)?.status ?? '';
          return seen === 'DELIVERED';
        },
        { timeoutMs: 20_000, what: () => `message ${id} DELIVERED (last seen ${seen})` },
      );
      const jobs = await rowsOf<{ kind: string; attempts: number; done: boolean }>(
        `select kind, attempts, done_at is not null as done from outbox_jobs where payload->>'messageId' = $1 order by id`,
        [String(id)],
      );
      expect(jobs.every((j) => j.done)).toBe(true);
    });

    it('a scheduled message goes out once when it comes due', async () => {
      const customerId = await newCustomer(api2!);
      const due = Date.now() + 1500;
      const sent = await api(api2!, 'POST', '/api/messages', { customerId, content: 'Scheduled', scheduledAt: new Date(due).toISOString() });
      expect(sent.status).toBe(201);
      expect(sent.json.status).toBe('scheduled');
      const id = sent.json.id as number;
      await waitFor(async () => ['SENT', 'DELIVERED'].includes((await messageStatus(id))!), {
        timeoutMs: 20_000,
        what: () => `scheduled message ${id} to go out`,
      });
      const [row] = await rowsOf<{ attempt: number; sends: number; sent_at_ok: boolean }>(
        `select attempt,
         (select count(*)::int from outbox_jobs where kind = 'simulator_status' and payload->>'messageId' = $1) as sends
       from messages where id = $2`,
        [String(id), id],
      );
      // Not before its time, and one provider send (the simulator's delivery job is written once per send).
      expect(Date.now()).toBeGreaterThanOrEqual(due);
      expect(row).toMatchObject({ attempt: 1, sends: 1 });
    });

    it('live events of work on API process 1 and on the worker reach a subscriber of API process 2', async () => {
      const live = (await api(api1!, 'GET', '/api/get_mercure_jwt')).json as { token: string; topics: string[]; hubUrl: string };
      const hub = `${api2!.base}${live.hubUrl}?${live.topics.map((x) => `topic=${encodeURIComponent(x)}`).join('&')}`;
      const stream = await openStream(hub, { authorization: `Bearer ${live.token}` });
      try {
        expect(stream.res.status).toBe(200);
        const customerId = await newCustomer(api1!);
        const sent = await api(api1!, 'POST', '/api/messages', { customerId, content: 'Live across nodes' });
        expect(sent.status).toBe(201);
        const id = sent.json.id as number;
        const statuses = () =>
          stream.state.events
            .map((e) => e.data as TLiveEvent<{ id?: number; status?: string }>)
            .filter((e) => e.entity === 'message' && e.data?.id === id)
            .map((e) => `${e.event}:${e.data.status}`);
        // `created` is committed by API process 1; SENT and DELIVERED by the worker process.
        await stream.waitFor(() => statuses().includes('created:SENDING') && statuses().some((s) => s === 'updated:DELIVERED'), 20_000);
        expect(statuses()).toContain('updated:SENT');
      } finally {
        stream.close();
      }
    });
  },
);
