import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TTestApp } from '../../../test/helpers';
import { BadKeyCounter, createBadKeyLimiter } from './bad-key-counter';

/** The bad API key window (docs/public-api.md "Rate limits"): per process, shared through Redis, and Redis down. */

const MAX_BAD = 5;
const REDIS_URL = process.env.REDIS_URL;
const freshIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const randomKey = () => `cdk_live_${randomBytes(6).toString('hex')}_${randomBytes(32).toString('base64url')}`;
const guess = (t: TTestApp, ip: string) => t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(randomKey()), remoteAddress: ip });
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('BadKeyCounter (one process)', () => {
  it('answers 0 for the allowance, then the seconds left in the window, and starts again after it', () => {
    const c = new BadKeyCounter(2, 10_000);
    expect([c.fail('a', 0), c.fail('a', 1000)]).toEqual([0, 0]);
    expect(c.fail('a', 2000)).toBe(8);
    expect(c.retryAfterSeconds('a', 2000)).toBe(8);
    expect(c.retryAfterSeconds('b', 2000)).toBe(0);
    expect(c.retryAfterSeconds('a', 10_000)).toBe(0);
    expect(c.fail('a', 10_000)).toBe(0);
  });
});

describe('a Redis that does not answer', () => {
  let closedPort: number;
  beforeAll(async () => {
    // A port nothing listens on: every Redis command fails at once.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  it('falls back to the process window, so parallel guesses still get exactly the allowance', async () => {
    const warnings: string[] = [];
    const limiter = await createBadKeyLimiter({
      max: MAX_BAD,
      windowSeconds: 60,
      redisUrl: `redis://127.0.0.1:${closedPort}`,
      log: (msg) => warnings.push(msg),
    });
    try {
      const waits = await Promise.all(Array.from({ length: 30 }, () => limiter.fail('10.0.0.1')));
      expect(count(waits, 0)).toBe(MAX_BAD);
      expect(await limiter.retryAfterSeconds('10.0.0.1')).toBeGreaterThan(0);
      expect(warnings.length).toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
  });
});

describe.skipIf(!REDIS_URL)('two API processes sharing Redis (runs only with REDIS_URL set; skipped otherwise)', () => {
  let one: TTestApp;
  let two: TTestApp;
  beforeAll(async () => {
    // Their own channel (the key prefix), so other test files' apps on the same Redis never share this window.
    const env = { REDIS_URL: REDIS_URL!, REDIS_CHANNEL: `test:${randomBytes(6).toString('hex')}`, API_KEY_MAX_BAD_PER_IP: String(MAX_BAD) };
    [one, two] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('share one window per address: 30 parallel guesses over both get exactly the allowance of 401s', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i % 2 ? one : two, ip)));
    const codes = answers.map((r) => r.statusCode);
    expect(count(codes, 401)).toBe(MAX_BAD);
    expect(count(codes, 429)).toBe(30 - MAX_BAD);
    // Each process now refuses the address, whichever one saw its guesses; another address is not affected.
    for (const t of [one, two]) {
      const res = await guess(t, ip);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect((await guess(t, freshIp())).statusCode).toBe(401);
    }
  });
});
