import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDealertrack, type TFakeDealertrack } from '../../test/fakes/fake-dealertrack';
import { createDealertrackAdapter, type TDealertrackOptions } from './dealertrack/dealertrack-adapter';
import { DmsError } from './dms-error';
import type { TDmsCall } from './dms.types';

let fake: TFakeDealertrack;
let calls: TDmsCall[];

// A fresh fake per test: pushing lines changes its repair orders (lines, modifiedAt), which other tests read.
beforeEach(async () => {
  fake = await startFakeDealertrack({ password: 'S3cret&<Pass>"word' });
  calls = [];
});
afterEach(() => fake.close());

function adapter(over: Partial<TDealertrackOptions> = {}) {
  return createDealertrackAdapter({
    baseUrl: fake.baseUrl,
    credentials: { username: fake.username, password: fake.password },
    dealer: { companyNumber: 'ZE7', enterpriseCode: 'ZE' },
    timeZone: 'America/New_York',
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

describe('Dealertrack OpenTrack adapter', () => {
  it('reads open repair orders: SOAP 1.1 with WS-Security, Dealer block, quirks normalized', async () => {
    const orders = await adapter().listOpenRepairOrders();
    expect(orders).toEqual([
      {
        dmsKey: '6000551',
        number: '6000551',
        openedAt: new Date('2013-02-06T16:09:00Z'), // 20130206 + TimeIn 1109, New York winter time
        closedAt: null,
        promisedAt: new Date('2013-02-06T22:30:00Z'), // 201302061730
        status: 'open',
        vendorStatus: '2',
        serviceWriterId: '999',
        customer: { dmsKey: '1000267', firstName: 'JOHN', lastName: 'DOE', phones: ['5551234'], email: 'john.doe@mail.com' },
        vehicle: { vin: 'WBANA310X0B020226', make: 'BMW', model: '750LI', year: 2006, mileage: 55235 },
        // three detail rows of service line 1 (two comment rows and a part) make one line
        lines: [{ dmsLineKey: '1', description: 'CUSTOMER STATES BRAKES SQUEAL AT LOW SPEED', priceCents: 8995, status: 'open' }],
      },
    ]);
    const req = fake.requests[0]!;
    expect(req).toMatchObject({ path: '/serviceapi.asmx', soapAction: 'opentrack.dealertrack.com/OpenRepairOrderLookup', authorized: true });
    expect(req.rawBody).toContain(
      '<OpenRepairOrderLookup xmlns="opentrack.dealertrack.com"><Dealer><CompanyNumber>ZE7</CompanyNumber><EnterpriseCode>ZE</EnterpriseCode>',
    );
    expect(req.rawBody).toContain('#PasswordText">S3cret&amp;&lt;Pass&gt;&quot;word</wsse:Password>');
  });

  it('asks only for orders changed since a time (ModifiedAfter, UTC)', async () => {
    expect(await adapter().listOpenRepairOrders({ modifiedSince: new Date('2013-02-06T16:09:01Z') })).toEqual([]);
    expect(fake.requests[0]!.rawBody).toContain('<LookupParms><ModifiedAfter>2013-02-06T16:09:01Z</ModifiedAfter></LookupParms>');
    expect(await adapter().listOpenRepairOrders({ modifiedSince: new Date('2013-02-06T16:00:00Z') })).toHaveLength(1);
  });

  it('reads closed repair orders by final close date, with labor lines and decoded text', async () => {
    const orders = await adapter().listClosedRepairOrders({ since: new Date('2013-08-01T12:00:00Z'), until: new Date('2013-08-10T12:00:00Z') });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      number: '6000432',
      status: 'closed',
      openedAt: new Date('2013-06-18T04:00:00Z'),
      closedAt: new Date('2013-08-07T04:00:00Z'),
      serviceWriterId: 'DT',
      // internal order: CustomerKey 0 comes through so the module can block it
      customer: { dmsKey: '0', phones: [], email: null },
      vehicle: { vin: 'WBANA310X0B020226', mileage: 55240 },
      lines: [{ dmsLineKey: '1', description: 'PDI & DETAIL', priceCents: 4250, status: 'complete' }],
    });
    expect(fake.requests[0]!.rawBody).toContain(
      '<GetClosedRepairOrders xmlns="opentrack.dealertrack.com"><dealer><CompanyNumber>ZE7</CompanyNumber><EnterpriseCode>ZE</EnterpriseCode><ServerName></ServerName></dealer><request><FinalCloseDateStart>2013-08-01</FinalCloseDateStart><FinalCloseDateEnd>2013-08-10</FinalCloseDateEnd></request>',
    );
    expect(await adapter().listClosedRepairOrders({ since: new Date('2013-08-08T12:00:00Z') })).toEqual([]);
  });

  it('lists service writers through STAR ProcessMessage, inactive ones flagged', async () => {
    expect(await adapter().listServiceWriters()).toEqual([
      { id: 'DT', name: 'DEALERTRACK SW', email: null, active: true },
      { id: '999', name: 'ARKONA SUPPORT', email: null, active: true },
      { id: 'OLD', name: 'FORMER WRITER', email: null, active: false },
    ]);
    const req = fake.requests[0]!;
    expect(req).toMatchObject({ path: '/webservice.asmx', operation: 'ServiceWritersTableRequest' });
    expect(req.soapAction).toBe('http://www.starstandards.org/webservices/2005/10/transport/operations/ProcessMessage');
  });

  it('pushes approved lines once: new line numbers, visible afterwards, not added again on a retry', async () => {
    const a = adapter();
    const lines = [
      { ref: 'l1', description: 'Replace front pads', priceCents: 12000 },
      { ref: 'l2', description: 'Wiper blades', priceCents: 3500 },
    ];
    const ro = { dmsKey: '6000551', number: '6000551' };
    expect(await a.pushApprovedLines({ repairOrder: ro, lines })).toEqual([
      { ref: 'l1', dmsLineKey: '2' },
      { ref: 'l2', dmsLineKey: '3' },
    ]);
    const add = fake.requests.find((r) => r.operation === 'AddRepairOrderLines')!;
    expect(add.rawBody).toContain('<ServiceWriterID>999</ServiceWriterID>');
    expect(add.rawBody).toContain(
      '<LaborOpCode>*</LaborOpCode><ServiceLineNumber>2</ServiceLineNumber><LineType>A</LineType><TransCode>CP</TransCode><Comments>Replace front pads</Comments>',
    );
    const [after] = await a.listOpenRepairOrders();
    expect(after!.lines.map((l) => l.description)).toEqual(['CUSTOMER STATES BRAKES SQUEAL AT LOW SPEED', 'Replace front pads', 'Wiper blades']);

    fake.requests.length = 0;
    expect(await a.pushApprovedLines({ repairOrder: ro, lines })).toEqual([
      { ref: 'l1', dmsLineKey: '2' },
      { ref: 'l2', dmsLineKey: '3' },
    ]);
    expect(fake.requests.map((r) => r.operation)).toEqual(['OpenRepairOrderLookup']);
  });

  it('refuses a push with the vendor error (RO27) and an unknown order, not retryable', async () => {
    const wrongWriter = await dmsError(
      adapter().pushApprovedLines({
        repairOrder: { dmsKey: '6000551', number: '6000551', serviceWriterId: 'DT' },
        lines: [{ ref: 'x', description: 'Oil change', priceCents: 5000 }],
      }),
    );
    expect(wrongWriter).toMatchObject({ kind: 'rejected', retryable: false, vendorCode: 'RO27' });
    expect(wrongWriter.message).toContain('Incorrect ServiceWriterID for RepairOrder');
    const unknown = await dmsError(
      adapter().pushApprovedLines({ repairOrder: { dmsKey: '1', number: '1' }, lines: [{ ref: 'x', description: 'Oil', priceCents: 1 }] }),
    );
    expect(unknown).toMatchObject({ kind: 'rejected', retryable: false, message: 'Repair order 1 is not open in Dealertrack; lines cannot be added.' });
  });

  it('finds a customer by number, null when unknown', async () => {
    expect(await adapter().findCustomer({ dmsKey: '1000171' })).toEqual({
      dmsKey: '1000171',
      firstName: 'PAUL',
      lastName: 'SHIER',
      phones: ['4075558899'],
      email: 'pshier@example.com',
    });
    expect(fake.requests[0]).toMatchObject({ path: '/customerapi.asmx', soapAction: 'opentrack.dealertrack.com/CustomerLookup' });
    expect(await adapter().findCustomer({ dmsKey: '42' })).toBeNull();
  });

  it('maps bad credentials (SOAP fault) and a dealer without a grant (311) to auth, not retryable', async () => {
    const bad = await dmsError(adapter({ credentials: { username: fake.username, password: 'wrong-password' } }).listServiceWriters());
    expect(bad).toMatchObject({ kind: 'auth', retryable: false, status: 500 });
    expect(bad.message).toBe('Dealertrack refused our credentials for ServiceWritersTable: The security token could not be authenticated or authorized');
    const notGranted = await dmsError(adapter({ dealer: { companyNumber: 'ZE8', enterpriseCode: 'ZE' } }).listOpenRepairOrders());
    expect(notGranted).toMatchObject({ kind: 'auth', retryable: false, vendorCode: '311' });
    expect(notGranted.message).toContain('Dealer has not granted access to Vendor');
  });

  it('maps a down server to unavailable and a slow one to timeout, both retryable', async () => {
    fake.failNext(1, 500);
    expect(await dmsError(adapter().listOpenRepairOrders())).toMatchObject({ kind: 'unavailable', retryable: true, status: 500 });
    fake.failNext(1, 503);
    const down = await dmsError(adapter().listOpenRepairOrders());
    expect(down).toMatchObject({ kind: 'unavailable', retryable: true, status: 503, message: 'Dealertrack is unavailable (OpenRepairOrderLookup, HTTP 503).' });
    fake.delayNext(1000);
    const slow = await dmsError(adapter({ timeoutMs: 100 }).listOpenRepairOrders());
    expect(slow).toMatchObject({ kind: 'timeout', retryable: true, message: 'Dealertrack did not answer OpenRepairOrderLookup within 100 ms.' });
    expect(calls.at(-1)).toMatchObject({ status: null, error: slow.message });
    const unreachable = await dmsError(adapter({ baseUrl: 'http://127.0.0.1:1' }).listServiceWriters());
    expect(unreachable).toMatchObject({ kind: 'unavailable', retryable: true, status: null });
  });

  it('never expands entities and refuses oversized answers', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><OpenRepairOrderLookupResult><Result><RepairOrderNumber>&lol2;</RepairOrderNumber></Result></OpenRepairOrderLookupResult></soap:Body></soap:Envelope>';
    fake.answerNextRaw(laughs);
    expect(await dmsError(adapter().listOpenRepairOrders())).toMatchObject({ kind: 'unavailable' });
    // Without a DOCTYPE an undeclared entity stays literal text: nothing is looked up or expanded.
    fake.answerNextRaw(laughs.replace(/<!DOCTYPE[\s\S]*?]>/, ''));
    expect((await adapter().listOpenRepairOrders())[0]!.number).toBe('&lol2;');
    const external = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    fake.answerNextRaw(external);
    expect(await dmsError(adapter().listOpenRepairOrders())).toMatchObject({ kind: 'unavailable' });
    fake.answerNextRaw(`<soap:Envelope xmlns:soap="x"><soap:Body>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</soap:Body></soap:Envelope>`);
    expect(await dmsError(adapter().listOpenRepairOrders())).toMatchObject({ kind: 'unavailable' });
    fake.answerNextRaw('<soap:Envelope xmlns:soap="x"><soap:Body><__proto__><polluted>1</polluted></__proto__></soap:Body></soap:Envelope>');
    expect(await dmsError(adapter().listOpenRepairOrders())).toMatchObject({ kind: 'unavailable' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    fake.answerNextRaw(`<soap:Envelope xmlns:soap="x"><soap:Body>${'x'.repeat(300_000)}</soap:Body></soap:Envelope>`);
    const big = await dmsError(adapter({ maxResponseBytes: 100_000 }).listOpenRepairOrders());
    expect(big).toMatchObject({ kind: 'unavailable', retryable: false });
    expect(big.message).toContain('more than 100000 bytes');
  });

  it('reports every call to onCall with the password redacted', async () => {
    const a = adapter();
    await a.listOpenRepairOrders();
    await a.listServiceWriters();
    await dmsError(adapter({ credentials: { username: fake.username, password: 'Another-Secret-99' } }).listOpenRepairOrders());
    expect(calls).toHaveLength(3);
    expect(calls[0]).toMatchObject({
      vendor: 'dealertrack',
      operation: 'OpenRepairOrderLookup',
      method: 'POST',
      url: `${fake.baseUrl}/ServiceAPI.asmx`,
      status: 200,
      error: null,
      requestHeaders: { soapaction: '"opentrack.dealertrack.com/OpenRepairOrderLookup"' },
    });
    expect(calls[0]!.requestBody).toContain('#PasswordText">[redacted]</wsse:Password>');
    expect(calls[0]!.responseBody).toContain('<RepairOrderNumber>6000551</RepairOrderNumber>');
    const logged = JSON.stringify(calls);
    for (const secret of [fake.password, 'S3cret&amp;&lt;Pass', 'Another-Secret-99']) expect(logged).not.toContain(secret);
    expect(calls[0]!.durationMs).toBeGreaterThanOrEqual(0);
    // The vendor's refusal is logged with the same message the caller gets.
    expect(calls[2]).toMatchObject({ status: 500, error: expect.stringContaining('Dealertrack refused our credentials for OpenRepairOrderLookup') as unknown });
  });
});
