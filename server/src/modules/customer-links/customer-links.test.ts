import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TPublicLinkPage } from '@cd/contracts/customer-link';
import { runInScope } from '../../db/client';
import { validationError } from '../../lib/errors';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { customers } from '../customers/customers.schema';
import { createCustomerLink, registerLinkPage, type TCustomerLinkRow } from './customer-links.api';
import { LINK_ANSWER_BODY_LIMIT, LINK_REQUESTS_PER_IP } from './customer-links.routes';
import { customerLinks } from './customer-links.schema';

const brand = { name: 'Best Motors', logoUrl: null, accentColor: null, language: 'en' as const, termsOfService: null };
const seen: TCustomerLinkRow[] = [];

/** Test pages: the link module's job is resolving codes; what a page shows belongs to the entity's module. */
function useTestPages() {
  registerLinkPage({
    purpose: 'status',
    page: {
      read: async (_tx, { link }) => {
        seen.push(link);
        if (link.entityId === 404) return null;
        return {
          purpose: 'status',
          company: brand,
          repairOrder: {
            number: `RO-${link.entityId}`,
            vehicle: null,
            title: 'Brakes',
            status: 'in_progress',
            state: 'open',
            promisedAt: null,
            closedAt: null,
            lines: [],
          },
          // A field a page must never leak: dropped by the answer's schema.
          secret: 'internal note',
        } as unknown as TPublicLinkPage;
      },
    },
  });
  registerLinkPage({
    purpose: 'approval',
    page: {
      read: async () => approvalPage(null),
      answer: async (_tx, { body }) => {
        if (!body || typeof body !== 'object' || !('ok' in body)) throw validationError([{ propertyPath: 'ok', message: 'Required.' }]);
        return approvalPage(new Date().toISOString());
      },
    },
  });
}

function approvalPage(answeredAt: string | null): TPublicLinkPage {
  return {
    purpose: 'approval',
    company: brand,
    repairOrder: { number: 'RO-1', vehicle: null },
    lines: [],
    totals: { pending: 0, approved: 0, denied: 0 },
    answeredAt,
  };
}

let t: TTestApp;
let co: TSeededCompany;
let customerId: number;
let ip = 0;
/** Each test its own address: the per-address limit of one test does not spill into the next. */
const nextIp = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`;

async function link(values: { purpose?: 'status' | 'approval'; entityId?: number } = {}) {
  return runInScope(t.db, { companyId: co.companyId }, (tx) =>
    createCustomerLink(tx, {
      companyId: co.companyId,
      customerId,
      purpose: values.purpose ?? 'status',
      entity: 'repair_order',
      entityId: values.entityId ?? 7,
    }),
  );
}

async function setLink(id: number, values: Partial<TCustomerLinkRow>) {
  await runInScope(t.db, { companyId: co.companyId }, (tx) => tx.update(customerLinks).set(values).where(eq(customerLinks.id, id)));
}

// Building an app registers the real pages (app.ts); a test that builds a second app must not leave them in place
// for the tests after it, whatever order they run in.
beforeEach(useTestPages);

const open = (code: string, remoteAddress = nextIp()) => t.app.inject({ method: 'GET', url: `/api/public/links/${code}`, remoteAddress });

beforeAll(async () => {
  t = await createTestApp();
  useTestPages();
  co = await seedCompany(t.db);
  const [c] = await runInScope(t.db, { companyId: co.companyId }, (tx) =>
    tx.insert(customers).values({ companyId: co.companyId, firstName: 'Link', phone: '+15558880001' }).returning(),
  );
  customerId = c!.id;
});
afterAll(() => t?.close());

describe('GET /api/public/links/{code}', () => {
  it('answers the page of the purpose, without sign-in, and records every open', async () => {
    const row = await link({ entityId: 41 });
    expect(row.code).toMatch(/^[1-9A-HJ-NP-Za-km-z]{12}$/);
    const first = await open(row.code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ purpose: 'status', repairOrder: { number: 'RO-41' } });
    expect(first.body).not.toContain('internal note');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(seen.at(-1)).toMatchObject({ id: row.id, companyId: co.companyId });
    await Promise.all([open(row.code), open(row.code)]);
    const [after] = await runInScope(t.db, { companyId: co.companyId }, (tx) => tx.select().from(customerLinks).where(eq(customerLinks.id, row.id)));
    expect(after!.openCount).toBe(3);
    expect(after!.firstOpenedAt!.getTime()).toBeLessThanOrEqual(after!.lastOpenedAt!.getTime());
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customer_links?entity=repair_order&entityId=41',
      headers: bearer((await login(t.app, co.agent.email)).token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().member).toMatchObject([
      {
        '@type': 'CustomerLink',
        id: row.id,
        purpose: 'status',
        url: `http://app.test/r/${row.code}`,
        state: 'active',
        openCount: 3,
        firstOpenedAt: expect.any(String),
      },
    ]);
  });

  it('unknown: 404 link_not_found; expired or revoked: 410 link_expired; malformed: 400 or 404, never 500', async () => {
    const unknown = await open('ZZZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('link_not_found');
    const expired = await link();
    await setLink(expired.id, { expiresAt: new Date(Date.now() - 1000) });
    const gone = await open(expired.code);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().detail).toBe('link_expired');
    const staff = bearer((await login(t.app, co.agent.email)).token);
    const revoked = await link();
    const first = await t.app.inject({ method: 'POST', url: `/api/customer_links/${revoked.id}/revoke`, headers: staff });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    const again = await t.app.inject({ method: 'POST', url: `/api/customer_links/${revoked.id}/revoke`, headers: staff });
    expect(again.json().revokedAt).toBe(first.json().revokedAt);
    expect((await open(revoked.code)).statusCode).toBe(410);
    const [kept] = await runInScope(t.db, { companyId: co.companyId }, (tx) => tx.select().from(customerLinks).where(eq(customerLinks.id, revoked.id)));
    expect(kept!.openCount).toBe(0);
    for (const bad of ['abc', '0OIl0OIl0OIl', 'x'.repeat(200), '%00', '..%2F..%2Fetc', 'AAAAAAAAAAAA%20', '%E2%82%AC'.repeat(12)]) {
      const res = await open(bad);
      expect([400, 404], `${bad}: ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it('a page whose entity is gone answers 404 and keeps no open', async () => {
    const row = await link({ entityId: 404 });
    expect((await open(row.code)).statusCode).toBe(404);
    const [after] = await runInScope(t.db, { companyId: co.companyId }, (tx) => tx.select().from(customerLinks).where(eq(customerLinks.id, row.id)));
    expect(after!.openCount).toBe(0);
  });

  it('limits requests per address, also when they arrive all at once', async () => {
    const row = await link();
    const address = nextIp();
    const answers = await Promise.all(Array.from({ length: LINK_REQUESTS_PER_IP + 10 }, () => open(row.code, address)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(LINK_REQUESTS_PER_IP);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Guessing codes counts too; another address is not affected.
    expect((await open('ZZZZZZZZZZZZ', address)).statusCode).toBe(429);
    expect((await open(row.code)).statusCode).toBe(200);
  });
});

describe('POST /api/public/links/{code}/answer', () => {
  it("hands the body to the purpose's answer, 404 when the purpose takes none, 410 once revoked", async () => {
    const approval = await link({ purpose: 'approval' });
    const post = (code: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/public/links/${code}/answer`, payload: payload as object, remoteAddress: nextIp() });
    const ok = await post(approval.code, { ok: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ purpose: 'approval', answeredAt: expect.any(String) });
    expect((await post(approval.code, { nope: 1 })).statusCode).toBe(422);
    const status = await link();
    expect((await post(status.code, { ok: true })).statusCode).toBe(404);
    expect((await post('ZZZZZZZZZZZZ', { ok: true })).statusCode).toBe(404);
    expect((await post('bad', { ok: true })).statusCode).toBe(400);
    const big = await post(approval.code, { ok: 'x'.repeat(LINK_ANSWER_BODY_LIMIT) });
    expect(big.statusCode).toBe(413);
    await setLink(approval.id, { revokedAt: new Date() });
    expect((await post(approval.code, { ok: true })).statusCode).toBe(410);
  });
});

describe('staff routes', () => {
  it('refuse bad input with 400, anonymous callers with 401, and unknown links with 404', async () => {
    const staff = bearer((await login(t.app, co.agent.email)).token);
    for (const q of ['', 'entity=repair_order', 'entity=vehicle&entityId=1', 'entity=repair_order&entityId=abc', 'entity=repair_order&entityId=0'])
      expect((await t.app.inject({ method: 'GET', url: `/api/customer_links?${q}`, headers: staff })).statusCode, q).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer_links?entity=repair_order&entityId=1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer_links/abc/revoke', headers: staff })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer_links/999999/revoke', headers: staff })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer_links/1/revoke' })).statusCode).toBe(401);
  });
});

describe('the short URL /r/{code}', () => {
  it('reaches the web app (index.html), which asks the API for the page', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'cd-web-links-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      for (const url of ['/r/AbCdEfGh2345', '/r/AbCdEfGh2345?utm=sms', '/r/unknown']) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<div id="root">');
      }
    } finally {
      await web.close();
    }
  });
});
