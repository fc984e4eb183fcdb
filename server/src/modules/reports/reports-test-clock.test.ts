import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';

/** The e2e suite's report clock (TEST_HOOKS): absent by default, super admins only, and it reaches a report's slot. */
let plain: TTestApp;
let hooked: TTestApp;
let s: TSeededCompany;

beforeAll(async () => {
  [plain, hooked] = await Promise.all([createTestApp(), createTestApp({ TEST_HOOKS: 'true' })]);
  s = await seedCompany(hooked.db);
});
afterAll(async () => {
  await plain?.close();
  await hooked?.close();
});

describe('POST /api/test/reports/sweep', () => {
  it('does not exist unless TEST_HOOKS is on', async () => {
    const root = await seedSuperAdmin(plain.db);
    const res = await caller(plain)('POST', '/api/test/reports/sweep', (await login(plain.app, root.email)).token, { now: new Date().toISOString() });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a company admin and bad input, and makes the due slot for a super admin', async () => {
    const call = caller(hooked);
    const admin = (await login(hooked.app, s.admin.email)).token;
    const root = (await login(hooked.app, (await seedSuperAdmin(hooked.db)).email)).token;
    const created = await call('POST', '/api/reports', admin, {
      type: 'recurring',
      kind: 'usage_and_response_time',
      period: 'last_7_days',
      schedule: { frequency: 'hourly' },
      recipients: ['clock@dealer.example'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const at = created.json().nextRunAt as string;
    expect((await call('POST', '/api/test/reports/sweep', admin, { now: at })).statusCode).toBe(403);
    expect((await call('POST', '/api/test/reports/sweep', root, { now: 'tomorrow' })).statusCode).toBe(422);
    const swept = await call('POST', '/api/test/reports/sweep', root, { now: at });
    expect(swept.statusCode, swept.body).toBe(200);
    expect(swept.json().made).toBeGreaterThanOrEqual(1);
    const children = (await call('GET', `/api/reports?parent=${created.json().id}`, admin)).json().member;
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({ type: 'recurring_generated' });
  });
});
