import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCdk, type TFakeCdk } from '../../test/fakes/fake-cdk';
import { createCdkAdapter, type TCdkOptions } from './cdk/cdk-adapter';
import { createCdkTokenProvider } from './cdk/cdk-token';
import { DmsError } from './dms-error';
import type { TDmsCall } from './dms.types';

let fake: TFakeCdk;
let calls: TDmsCall[];
const DAY_MS = 86_400_000;

beforeAll(async () => {
  fake = await startFakeCdk();
});
afterAll(() => fake.close());
beforeEach(() => {
  calls = [];
  fake.requests.length = 0;
  fake.setPollsBeforeComplete(1);
  fake.setTokenTtl(3600);
});

function adapter(over: Partial<TCdkOptions> = {}) {
  return createCdkAdapter({
    baseUrl: fake.baseUrl,
    tokenUrl: fake.tokenUrl,
    apiKey: fake.apiKey,
    apiSecret: fake.apiSecret,
    subscriptionId: fake.subscriptionId,
    departmentId: fake.departmentId,
    timeZone: 'America/Chicago',
    pollIntervalMs: 5,
    onCall: (c) => calls.push(c),
    ...over,
  });
}

async function dmsError(p: Promise<unknown>): Promise<DmsError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DmsError);
  return err as DmsError;
}

const paths = () => fake.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`);

describe('CDK Fortellis adapter', () => {
  it('fetches a client-credentials token exactly as documented (test vector V4)', async () => {
    await adapter().listServiceWriters();
    const tokenReq = fake.requests[0]!;
    expect(tokenReq.path).toBe('/oauth2/aus1p1ixy7YL8cMq02p7/v1/token');
    expect(tokenReq.headers.authorization).toBe('Basic dGVzdEFwaUtleTp0ZXN0QXBpU2VjcmV0');
    expect(tokenReq.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenReq.body).toBe('grant_type=client_credentials&scope=anonymous');
  });

  it('reads open repair orders through the async bulk pattern with the §2.2 headers', async () => {
    const orders = await adapter().listOpenRepairOrders();
    expect(paths()).toEqual([
      'POST /oauth2/aus1p1ixy7YL8cMq02p7/v1/token',
      'GET /cdk/drive/servicerepairorder/v3/open',
      ...Array(2).fill(`GET /cdk/drive/servicerepairorder/v3/long-operations/${/long-operations\/([\w-]+)/.exec(fake.requests[2]!.path)![1]}/status`),
      fake.requests[4]!.method + ' ' + fake.requests[4]!.path,
    ]);
    expect(fake.requests[4]!.path).toMatch(/\/long-operations\/[\w-]+\/result$/);
    const api = fake.requests[1]!;
    expect(api.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(api.headers['subscription-id']).toBe(fake.subscriptionId);
    expect(api.headers['department-id']).toBe('SERVICE-01');
    expect(api.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.path).toMatch(/startDate=\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A\d\dZ&endDate=/);
    expect(orders).toEqual([
      {
        dmsKey: '5656',
        number: '5656',
        openedAt: new Date('2024-05-01T13:15:00Z'), // 08:15 in Chicago (CDT)
        closedAt: null,
        promisedAt: new Date('2024-05-01T22:00:00Z'),
        status: 'open',
        vendorStatus: 'PREASSIGNED',
        serviceWriterId: '6164',
        customer: { dmsKey: '800245', firstName: 'ANNA', lastName: 'SMITH', phones: ['3125550199'], email: 'anna.smith@example.com' },
        vehicle: { vin: '1HGCM82633A004352', make: 'HONDA', model: 'ACCORD', year: 2003, mileage: 87665 },
        lines: [{ dmsLineKey: 'A', description: 'CUSTOMER STATES THERE IS A CLUNKING SOUND IN FRONT END OVER BUMPS', priceCents: 3700, status: 'open' }],
      },
    ]);
  });

  it('uses the 48-hour delta for a recent `since`, and 31-day windows further back', async () => {
    await adapter().listOpenRepairOrders({ modifiedSince: new Date(Date.now() - 3600_000) });
    expect(paths()).toContain('GET /cdk/drive/servicerepairorder/v3/open/delta');
    fake.requests.length = 0;
    expect(await adapter().listClosedRepairOrders({ since: new Date(Date.now() - DAY_MS) })).toEqual([]);
    expect(paths()).toContain('GET /cdk/drive/servicerepairorder/v3/closed/delta');
    fake.requests.length = 0;
    const closed = await adapter().listClosedRepairOrders({ since: new Date(Date.now() - 40 * DAY_MS) });
    expect(paths().filter((p) => p === 'GET /cdk/drive/servicerepairorder/v3/closed')).toHaveLength(2);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ number: '5601', status: 'closed', vendorStatus: 'CLOSED', closedAt: new Date('2024-04-22T15:30:00Z') });
    const tooFar = await dmsError(adapter().listClosedRepairOrders({ since: new Date(Date.now() - 400 * DAY_MS) }));
    expect(tooFar).toMatchObject({ kind: 'rejected', retryable: false });
  });

  it('stops polling a bulk job that never completes (timeout, retryable)', async () => {
    fake.setPollsBeforeComplete(100);
    const err = await dmsError(adapter({ maxPolls: 3 }).listOpenRepairOrders());
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    expect(err.message).toMatch(/^CDK had not prepared the repair orders after 3 status checks/);
    expect(paths().filter((p) => p.endsWith('/status'))).toHaveLength(3);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const cancelled = await dmsError(adapter({ pollIntervalMs: 60_000 }).listOpenRepairOrders({ signal: stop.signal }));
    expect(cancelled).toMatchObject({ kind: 'timeout' });
    expect(cancelled.message).toMatch(/cancelled/);
  });

  it('reuses one token for concurrent calls and fetches a new one when it expires', async () => {
    let now = Date.now();
    const tokens = createCdkTokenProvider({ tokenUrl: fake.tokenUrl, apiKey: fake.apiKey, apiSecret: fake.apiSecret, now: () => now });
    const a = adapter({ tokens });
    const before = fake.tokensIssued();
    await Promise.all([a.listServiceWriters(), a.findCustomer({ dmsKey: '800245' }), a.listServiceWriters()]);
    expect(fake.tokensIssued() - before).toBe(1);
    await a.listServiceWriters();
    expect(fake.tokensIssued() - before).toBe(1);
    now += 3600_000 - 59_000; // within the renewal margin of the 1-hour token
    await a.listServiceWriters();
    expect(fake.tokensIssued() - before).toBe(2);
  });

  it('refreshes a refused token once (revoked: 401, expired: 403 TOKEN-EXPIRED), then gives up with auth', async () => {
    const a = adapter();
    await a.listServiceWriters();
    const before = fake.tokensIssued();
    fake.revokeTokens();
    expect(await a.listServiceWriters()).toHaveLength(2);
    expect(fake.tokensIssued() - before).toBe(1);
    fake.failNext(1, 403, { code: 'TOKEN-EXPIRED' });
    expect(await a.listServiceWriters()).toHaveLength(2);
    expect(fake.tokensIssued() - before).toBe(2);
    const wrongSub = await dmsError(adapter({ subscriptionId: 'not-ours' }).listServiceWriters());
    expect(wrongSub).toMatchObject({ kind: 'auth', retryable: false, status: 401, vendorCode: 'SUBSCRIPTION-MISMATCH' });
    expect(wrongSub.message).toBe("CDK refused the dealership's subscription for serviceAdvisors (SUBSCRIPTION-MISMATCH); check the CDK subscription id.");
    const badSecret = await dmsError(adapter({ apiSecret: 'wrong-secret-123' }).listServiceWriters());
    expect(badSecret).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
    expect(badSecret.message).toBe('CDK Fortellis refused our app credentials (HTTP 401); check the API key and secret.');
  });

  it('maps 429 with Retry-After, 5xx, gateway timeouts and slow answers', async () => {
    fake.failNext(1, 429, { retryAfter: '7' });
    expect(await dmsError(adapter().listServiceWriters())).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 7000, status: 429 });
    fake.failNext(1, 503);
    expect(await dmsError(adapter().listServiceWriters())).toMatchObject({
      kind: 'unavailable',
      retryable: true,
      vendorCode: 'TARGET-SYSTEM-UNREACHABLE',
      message: 'CDK is unavailable (serviceAdvisors, HTTP 503 TARGET-SYSTEM-UNREACHABLE).',
    });
    fake.failNext(1, 504, { code: 'TARGET-SYSTEM-TIMED-OUT' });
    expect(await dmsError(adapter().listServiceWriters())).toMatchObject({ kind: 'timeout', retryable: true });
    const a = adapter({ timeoutMs: 100 });
    await a.listServiceWriters();
    fake.delayNext(1000);
    expect(await dmsError(a.listServiceWriters())).toMatchObject({
      kind: 'timeout',
      retryable: true,
      message: 'CDK did not answer serviceAdvisors within 100 ms.',
    });
  });

  it('lists service advisors', async () => {
    expect(await adapter().listServiceWriters()).toEqual([
      { id: '6164', name: 'JANE ADVISOR', email: 'jane@dealer.example', active: true },
      { id: '7001', name: 'OLD TIMER', email: null, active: false },
    ]);
  });

  it('adds approved lines as service lines, once, and reports lines pushed before a failure', async () => {
    const ro = { dmsKey: '5656', number: '5656' };
    const a = adapter();
    expect(await a.pushApprovedLines({ repairOrder: ro, lines: [{ ref: 'l1', description: 'Replace front pads', priceCents: 12050 }] })).toEqual([
      { ref: 'l1', dmsLineKey: 'B' },
    ]);
    const post = fake.requests.find((r) => r.method === 'POST' && r.path.endsWith('/service-lines'))!;
    expect(post.path).toBe('/cdkdrive/service/v1/repair-orders/5656/service-lines');
    expect(JSON.parse(post.body)).toEqual({ serviceRequest: 'Replace front pads', laborOperations: [{ opCodeDesc: 'Replace front pads', saleAmount: 120.5 }] });

    fake.requests.length = 0;
    expect(await a.pushApprovedLines({ repairOrder: ro, lines: [{ ref: 'l1', description: 'Replace front pads', priceCents: 12050 }] })).toEqual([
      { ref: 'l1', dmsLineKey: 'B' },
    ]);
    expect(paths()).toEqual(['GET /cdkdrive/service/v1/repair-orders/5656']);

    let posts = 0;
    const failSecondPost: typeof fetch = (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/service-lines') && ++posts === 2)
        return Promise.resolve(new Response('{"code":"TARGET-SYSTEM-UNREACHABLE"}', { status: 502 }));
      return fetch(input, init);
    };
    const partial = await dmsError(
      adapter({ fetch: failSecondPost }).pushApprovedLines({
        repairOrder: ro,
        lines: [
          { ref: 'l2', description: 'Wiper blades', priceCents: 3500 },
          { ref: 'l3', description: 'Cabin filter', priceCents: 4500 },
        ],
      }),
    );
    expect(partial).toMatchObject({ kind: 'unavailable', retryable: true, pushedLines: [{ ref: 'l2', dmsLineKey: 'C' }] });
    const unknown = await dmsError(
      a.pushApprovedLines({ repairOrder: { dmsKey: '1', number: '1' }, lines: [{ ref: 'x', description: 'Oil', priceCents: 1 }] }),
    );
    expect(unknown).toMatchObject({ kind: 'rejected', retryable: false, message: 'Repair order 1 is not open in CDK; lines cannot be added.' });
  });

  it('finds a customer, null when unknown', async () => {
    expect(await adapter().findCustomer({ dmsKey: '800245' })).toEqual({
      dmsKey: '800245',
      firstName: 'ANNA',
      lastName: 'SMITH',
      phones: ['3125550199'],
      email: 'anna.smith@example.com',
    });
    expect(await adapter().findCustomer({ dmsKey: '999' })).toBeNull();
  });

  it('reports every call to onCall with no secret in it (API secret, Basic credentials, tokens)', async () => {
    await adapter().listOpenRepairOrders();
    await dmsError(adapter({ apiSecret: 'Wrong-Secret-77' }).listServiceWriters());
    const tokensSeen = fake.requests
      .map((r) => r.headers.authorization ?? '')
      .filter((h) => h.startsWith('Bearer '))
      .map((h) => h.slice(7));
    expect(tokensSeen.length).toBeGreaterThan(0);
    const logged = JSON.stringify(calls);
    for (const secret of [fake.apiSecret, 'Wrong-Secret-77', 'dGVzdEFwaUtleTp0ZXN0QXBpU2VjcmV0', ...tokensSeen]) expect(logged).not.toContain(secret);
    expect(calls[0]).toMatchObject({ vendor: 'cdk', operation: 'token', method: 'POST', status: 200, requestHeaders: { authorization: '[redacted]' } });
    expect(calls[0]!.responseBody).toContain('"access_token":"[redacted]"');
    expect(calls[1]).toMatchObject({
      operation: 'bulk /open',
      status: 202,
      requestHeaders: { authorization: '[redacted]', 'subscription-id': fake.subscriptionId },
    });
    expect(calls.at(-1)).toMatchObject({
      operation: 'token',
      status: 401,
      error: 'CDK Fortellis refused our app credentials (HTTP 401); check the API key and secret.',
    });
  });
});
