import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, TINY_PNG, type TPart } from '../../../test/multipart';
import { runInScope } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import { consentEvents, customers } from '../customers/customers.schema';
import { customerImports } from './customer-import.schema';
import { IMPORT_BATCH_SIZE, JOB_CUSTOMER_IMPORT } from './customer-import.jobs';
import { normalizeImportPhone, suggestMapping } from './import-rows';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminTok: string;
let agentTok: string;
let user2Tok: string;
let otherAdminTok: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
  user2Tok = (await login(t.app, a.user2.email)).token;
  otherAdminTok = (await login(t.app, b.admin.email)).token;
});
afterAll(() => t.close());

const csvFile = (text: string, filename = 'customers.csv'): TPart => ({ name: 'file', filename, contentType: 'text/csv', data: Buffer.from(text) });

function post(url: string, token: string, parts: TPart[]) {
  const body = multipartBody(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

async function xlsxFile(rows: unknown[][], filename = 'customers.xlsx'): Promise<TPart> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Customers');
  for (const r of rows) ws.addRow(r);
  // A second sheet must be ignored: only the first one is read.
  wb.addWorksheet('Other').addRow(['ignored']);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  return { name: 'file', filename, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data };
}

async function customerByPhone(companyId: number, phone: string) {
  const [row] = await runInScope(t.db, { companyId }, (tx) =>
    tx.select().from(customers).where(and(eq(customers.companyId, companyId), eq(customers.phone, phone))),
  );
  return row;
}

async function importAndRun(token: string, parts: TPart[]) {
  const res = await post('/api/customers/import', token, parts);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.deps.jobs.drain();
  const done = await t.app.inject({ method: 'GET', url: `/api/customer_imports/${res.json().id}`, headers: bearer(token) });
  return { accepted: res.json(), result: done.json() };
}

describe('preview', () => {
  it('reads a semicolon CSV with BOM and CRLF: header, first 10 rows, count, suggested mapping', async () => {
    const lines = ['Ime;Prezime;Telefon;E-mail;Napomena;Grad'];
    for (let i = 0; i < 12; i++) lines.push(`Ana${i};"Anić; mlađa";+1555000${String(i).padStart(4, '0')};ana${i}@example.com;;Sarajevo`);
    const res = await post('/api/customers/import/preview', adminTok, [csvFile(`\uFEFF${lines.join('\r\n')}\r\n\r\n`)]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.columns).toEqual(['Ime', 'Prezime', 'Telefon', 'E-mail', 'Napomena', 'Grad']);
    expect(body.totalRows).toBe(12);
    expect(body.rows).toHaveLength(10);
    expect(body.rows[0]).toEqual(['Ana0', 'Anić; mlađa', '+15550000000', 'ana0@example.com', '', 'Sarajevo']);
    expect(body.suggestedMapping).toEqual({ firstName: 'Ime', lastName: 'Prezime', phone: 'Telefon', email: 'E-mail', notes: 'Napomena', city: 'Grad' });
    // Nothing was stored.
    const [n] = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(customerImports));
    expect(n!.n).toBe(0);
  });

  it('reads the first sheet of an .xlsx workbook', async () => {
    const file = await xlsxFile([
      ['First name', 'Last name', 'Mobile', 'Email', 'Tags'],
      ['Bo', { richText: [{ text: 'Bo' }, { text: 'ld' }] }, 15550001111, 'bo@example.com', 'vip, new'],
      [],
      ['Cy', 'Cole', '+1 555 000 2222', null, null],
    ]);
    const res = await post('/api/customers/import/preview', adminTok, [file]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      columns: ['First name', 'Last name', 'Mobile', 'Email', 'Tags'],
      rows: [
        ['Bo', 'Bold', '15550001111', 'bo@example.com', 'vip, new'],
        ['Cy', 'Cole', '+1 555 000 2222', '', ''],
      ],
      totalRows: 2,
      suggestedMapping: { firstName: 'First name', lastName: 'Last name', phone: 'Mobile', email: 'Email', tags: 'Tags' },
    });
  });

  it('refuses files that are not CSV or a valid workbook with 422, never 500', async () => {
    const cases: [TPart, RegExp][] = [
      [{ name: 'file', filename: 'photo.png', contentType: 'image/png', data: TINY_PNG }, /CSV file not valid/],
      [{ name: 'file', filename: 'list.xlsx', contentType: 'application/octet-stream', data: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]) }, /Excel file not valid/],
      [{ name: 'file', filename: 'old.xls', contentType: 'application/vnd.ms-excel', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) }, /Excel file not valid: old \.xls/],
      [{ name: 'file', filename: 'list.xlsx', contentType: 'text/plain', data: Buffer.from('a,b\n1,2') }, /Excel file not valid/],
      [csvFile(''), /CSV file not valid: the file is empty/],
      [csvFile('a,b\n"unclosed,1\n'), /CSV file not valid: A quoted value/],
    ];
    for (const [file, message] of cases) {
      const res = await post('/api/customers/import/preview', adminTok, [file]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toMatch(message);
      expect(res.json().violations[0].propertyPath).toBe('file');
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/customers/import/preview', headers: bearer(adminTok), payload: { file: 'x' } });
    expect(json.statusCode).toBe(422);
    expect((await post('/api/customers/import/preview', adminTok, [{ name: 'mapping', value: '{}' }])).statusCode).toBe(422);
  });

  it('is for company admins and communication users only', async () => {
    const res = await post('/api/customers/import/preview', user2Tok, [csvFile('phone\n+15550000001')]);
    expect(res.statusCode).toBe(403);
    expect((await post('/api/customers/import', user2Tok, [csvFile('phone\n+15550000001'), { name: 'mapping', value: '{"phone":"phone"}' }])).statusCode).toBe(403);
    expect((await post('/api/customers/import/preview', agentTok, [csvFile('phone\n+15550000001')])).statusCode).toBe(200);
  });
});

describe('suggestions and phone numbers', () => {
  it('suggests by English and Bosnian header names, one field per column', () => {
    expect(suggestMapping(['Telefon', 'Ime', 'PREZIME', 'e-mail adresa', 'Poštanski broj', 'Država', 'Marka', 'Ulica'])).toEqual({
      phone: 'Telefon',
      firstName: 'Ime',
      lastName: 'PREZIME',
      email: 'e-mail adresa',
      zip: 'Poštanski broj',
      country: 'Država',
      preferredBrand: 'Marka',
      street: 'Ulica',
    });
    expect(suggestMapping(['Phone', 'Mobile'])).toEqual({ phone: 'Phone' });
  });

  it('normalises national numbers in the company country and digits that carry a country code', () => {
    expect(normalizeImportPhone('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(normalizeImportPhone('061 123 456', 'BA')).toBe('+38761123456');
    expect(normalizeImportPhone('0038761123456', 'US')).toBe('+38761123456');
    expect(normalizeImportPhone('38761123456', 'US')).toBe('+38761123456');
  });
});

describe('import', () => {
  it('creates, fills and merges by phone, reports failed rows, records consent, never re-subscribes', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const mk = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload });
    const existing = (await mk({ phone: '+15550100001', firstName: '', notes: 'Keep these notes', tags: ['old'], address: { city: 'Mostar' } })).json();
    const stopped = (await mk({ phone: '+15550100002', firstName: 'Stop' })).json();
    await t.app.inject({ method: 'PATCH', url: `/api/customers/${stopped.id}`, headers: bearer(tok), payload: { optOut: true } });

    const csv = [
      'First name,Last name,Phone,Email,Notes,Tags,City,Street',
      'Ann,,+15550100010,ann@example.com,,"vip, new",,',
      'Bad,Row,12,not-an-email,,,,',
      'No,Phone,,,,,,',
      'Exa,Mple,+1 555 010 0001,ex@example.com,Other notes,"new,old",Sarajevo,Main St 1',
      ',Annson,+15550100010,other@example.com,,late,,',
      '',
      'Stop,Again,+15550100002,,,,,',
      'Nat,Ional,(201) 555-0123,,,,,',
    ].join('\n');
    const mapping = { firstName: 'First name', lastName: 'Last name', phone: 'Phone', email: 'Email', notes: 'Notes', tags: 'Tags', city: 'City', street: 'Street' };
    const { accepted, result } = await importAndRun(tok, [
      csvFile(csv),
      { name: 'mapping', value: JSON.stringify(mapping) },
      { name: 'consentSource', value: 'trade_show' },
      { name: 'tags', value: '["imported"]' },
      { name: 'optedIn', value: 'true' },
    ]);
    expect(accepted).toMatchObject({ '@id': `/api/customer_imports/${accepted.id}`, status: 'queued', totalRows: 7, processedRows: 0 });
    expect(result).toMatchObject({
      status: 'done',
      totalRows: 7,
      processedRows: 7,
      createdCount: 2,
      updatedCount: 3,
      failedCount: 2,
      message: 'Records could not be processed',
      errorsTruncated: false,
      consentSource: 'trade_show',
      optedIn: true,
    });
    // Row numbers as in the file: the header is row 1.
    expect(result.errors).toEqual([
      { row: 3, reasons: [expect.stringMatching(/^Phone "12": /), expect.stringMatching(/^E-mail "not-an-email": /)] },
      { row: 4, reasons: ['Phone is required.'] },
    ]);

    // A phone twice in the file is one customer: first values win, empty ones are filled, tags unioned.
    const ann = await customerByPhone(s.companyId, '+15550100010');
    expect(ann).toMatchObject({ firstName: 'Ann', lastName: 'Annson', email: 'ann@example.com', userId: null });
    expect(ann!.tags).toEqual(['imported', 'vip', 'new', 'late']);
    expect(ann!.bumpedAt).not.toBeNull();
    // The existing customer: empty fields filled, non-empty ones kept, tags unioned, address keys filled.
    const ex = await customerByPhone(s.companyId, '+15550100001');
    expect(ex).toMatchObject({ id: existing.id, firstName: 'Exa', lastName: 'Mple', email: 'ex@example.com', notes: 'Keep these notes' });
    expect(ex!.tags).toEqual(['old', 'imported', 'new']);
    expect(ex!.address).toEqual({ city: 'Mostar', street: 'Main St 1' });
    expect(await customerByPhone(s.companyId, '+12015550123')).toMatchObject({ firstName: 'Nat', lastName: 'Ional' });
    // Opted out stays opted out, and gets no opt-in on record.
    const stop = await customerByPhone(s.companyId, '+15550100002');
    expect(stop).toMatchObject({ optOut: true, lastName: 'Again' });
    const events = await runInScope(t.db, { companyId: s.companyId }, (tx) => tx.select().from(consentEvents).where(eq(consentEvents.companyId, s.companyId)));
    const optIns = events.filter((e) => e.kind === 'opt_in');
    expect(optIns.map((e) => e.customerId).sort()).toEqual([ann!.id, ex!.id, (await customerByPhone(s.companyId, '+12015550123'))!.id].sort());
    expect(optIns.every((e) => e.source === 'trade_show' && e.detail.importId === accepted.id)).toBe(true);
    expect(events.filter((e) => e.customerId === stop!.id).map((e) => e.kind)).toEqual(['opt_out']);

    // Imported again: nothing doubles, everything counts as updated.
    const again = await importAndRun(tok, [csvFile(csv), { name: 'mapping', value: JSON.stringify(mapping) }]);
    expect(again.result).toMatchObject({ status: 'done', createdCount: 0, updatedCount: 5, failedCount: 2 });
    const [count] = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(customers).where(eq(customers.companyId, s.companyId)),
    );
    expect(count!.n).toBe(4);
    // Without optedIn no consent is claimed.
    const after = await runInScope(t.db, { companyId: s.companyId }, (tx) => tx.select().from(consentEvents).where(eq(consentEvents.companyId, s.companyId)));
    expect(after).toHaveLength(events.length);

    const list = await t.app.inject({ method: 'GET', url: '/api/customer_imports', headers: bearer(tok) });
    expect(list.json()).toMatchObject({ totalItems: 2, member: [{ id: again.accepted.id }, { id: accepted.id }] });
  });

  it('imports an .xlsx workbook', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const file = await xlsxFile([
      ['Ime', 'Prezime', 'Telefon'],
      ['Edo', 'Edić', 15550200001],
      ['Fa', 'Fić', '+1 555 020 0002'],
      ['Bad', 'Phone', 'abc'],
    ]);
    const { result } = await importAndRun(tok, [file, { name: 'mapping', value: JSON.stringify({ firstName: 'Ime', lastName: 'Prezime', phone: 'Telefon' }) }]);
    expect(result).toMatchObject({ status: 'done', format: 'xlsx', createdCount: 2, updatedCount: 0, failedCount: 1, errors: [{ row: 4 }] });
    expect(await customerByPhone(s.companyId, '+15550200001')).toMatchObject({ firstName: 'Edo', lastName: 'Edić' });
  });

  it('refuses a mapping without phone or naming a missing column, and a bad owner', async () => {
    const file = csvFile('Name,Phone\nA,+15550300001');
    const noPhone = await post('/api/customers/import', adminTok, [file, { name: 'mapping', value: '{"firstName":"Name"}' }]);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().violations[0].propertyPath).toBe('mapping.phone');
    const missing = await post('/api/customers/import', adminTok, [file, { name: 'mapping', value: '{"phone":"Phone","email":"Mail"}' }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations).toEqual([{ propertyPath: 'mapping.email', message: 'The file has no column "Mail".' }]);
    for (const value of ['not json', '[]', '{"phone":"Phone","bogus":"x"}']) {
      expect((await post('/api/customers/import', adminTok, [file, { name: 'mapping', value }])).statusCode).toBe(422);
    }
    expect((await post('/api/customers/import', adminTok, [file])).statusCode).toBe(422);
    const owner = await post('/api/customers/import', adminTok, [file, { name: 'mapping', value: '{"phone":"Phone"}' }, { name: 'user', value: `/api/users/${b.agent.id}` }]);
    expect(owner.statusCode).toBe(422);
    expect(owner.json().violations[0].propertyPath).toBe('user');
    const headerOnly = await post('/api/customers/import', adminTok, [csvFile('Phone\n\n'), { name: 'mapping', value: '{"phone":"Phone"}' }]);
    expect(headerOnly.statusCode).toBe(422);
    const bad = await post('/api/customers/import', adminTok, [{ name: 'file', filename: 'x.png', contentType: 'image/png', data: TINY_PNG }, { name: 'mapping', value: '{"phone":"Phone"}' }]);
    expect(bad.statusCode).toBe(422);
    const [n] = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(customerImports));
    expect(n!.n).toBe(0);
  });

  it('communication users own what they import and cannot touch colleagues’ customers', async () => {
    const s = await seedCompany(t.db);
    const admin = (await login(t.app, s.admin.email)).token;
    const agent = (await login(t.app, s.agent.email)).token;
    await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(admin), payload: { phone: '+15550400001', firstName: '' } });
    const { accepted, result } = await importAndRun(agent, [
      csvFile('phone,name\n+15550400001,Taken\n+15550400002,Mine'),
      { name: 'mapping', value: '{"phone":"phone","firstName":"name"}' },
    ]);
    expect(result).toMatchObject({ createdCount: 1, failedCount: 1, errors: [{ row: 2, reasons: [expect.stringMatching(/another user/)] }] });
    expect(await customerByPhone(s.companyId, '+15550400002')).toMatchObject({ userId: s.agent.id });
    expect(await customerByPhone(s.companyId, '+15550400001')).toMatchObject({ firstName: '', userId: null });
    // The admin sees the agent's import; the agent does not see the admin's.
    expect((await t.app.inject({ method: 'GET', url: `/api/customer_imports/${accepted.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    const own = await importAndRun(admin, [csvFile('phone\n+15550400003'), { name: 'mapping', value: '{"phone":"phone"}' }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/customer_imports/${own.accepted.id}`, headers: bearer(agent) })).statusCode).toBe(404);
    const agentList = await t.app.inject({ method: 'GET', url: '/api/customer_imports', headers: bearer(agent) });
    expect(agentList.json().member.map((m: { id: number }) => m.id)).toEqual([accepted.id]);
  });

  it('another company never sees an import', async () => {
    // Its own company: the preview and refusal tests check that company a holds no import at all.
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const res = await post('/api/customers/import', tok, [csvFile('phone\n+15550500001'), { name: 'mapping', value: '{"phone":"phone"}' }]);
    const id = res.json().id;
    const other = await t.app.inject({ method: 'GET', url: `/api/customer_imports/${id}`, headers: bearer(otherAdminTok) });
    expect(other.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/customer_imports', headers: bearer(otherAdminTok) });
    expect(list.json().member.map((m: { id: number }) => m.id)).not.toContain(id);
    await t.app.deps.jobs.drain();
  });

  it('resumes from processed_rows after a crash and applies a batch once even with two jobs', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const total = IMPORT_BATCH_SIZE * 2 + 37;
    const lines = ['phone,name'];
    for (let i = 0; i < total; i++) lines.push(`+1555060${String(i).padStart(4, '0')},R${i}`);
    const res = await post('/api/customers/import', tok, [csvFile(lines.join('\n')), { name: 'mapping', value: '{"phone":"phone","firstName":"name"}' }]);
    const id = res.json().id;
    // As if a worker had applied the first batch and died: the rerun must skip those rows.
    await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
      await tx.update(customerImports).set({ status: 'running', processedRows: IMPORT_BATCH_SIZE }).where(eq(customerImports.id, id));
      // A second job for the same import (a lease that ran out while the first still worked).
      await enqueueJob(tx, { companyId: s.companyId, kind: JOB_CUSTOMER_IMPORT, payload: { importId: id } });
    });
    await t.app.deps.jobs.drain();
    const done = (await t.app.inject({ method: 'GET', url: `/api/customer_imports/${id}`, headers: bearer(tok) })).json();
    expect(done).toMatchObject({ status: 'done', processedRows: total, createdCount: total - IMPORT_BATCH_SIZE, updatedCount: 0, failedCount: 0 });
    expect(await customerByPhone(s.companyId, '+15550600000')).toBeUndefined();
    expect(await customerByPhone(s.companyId, `+1555060${String(total - 1).padStart(4, '0')}`)).toMatchObject({ firstName: `R${total - 1}` });
  });

  it('fails with a readable message when the stored file is gone', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const res = await post('/api/customers/import', tok, [csvFile('phone\n+15550700001'), { name: 'mapping', value: '{"phone":"phone"}' }]);
    const id = res.json().id;
    await runInScope(t.db, { companyId: s.companyId }, (tx) => tx.update(customerImports).set({ storageKey: `${s.companyId}/${'0'.repeat(32)}.bin` }).where(eq(customerImports.id, id)));
    await t.app.deps.jobs.drain();
    const done = (await t.app.inject({ method: 'GET', url: `/api/customer_imports/${id}`, headers: bearer(tok) })).json();
    expect(done).toMatchObject({ status: 'failed', message: expect.stringMatching(/no longer available/) });
  });
});

describe('a 50,000-row file', () => {
  let w: TTestApp;
  beforeAll(async () => {
    // The worker runs in the background here, as in production.
    w = await createTestApp({ WORKER: 'true', WORKER_POLL_MS: '50' });
  });
  afterAll(() => w.close());

  it('imports completely while the server keeps answering', async () => {
    const s = await seedCompany(w.db);
    const tok = (await login(w.app, s.admin.email)).token;
    const total = 50_000;
    const lines = ['First name;Last name;Phone;E-mail;Tags'];
    for (let i = 0; i < total; i++) lines.push(`F${i};L${i};+1555${String(1_000_000 + i).padStart(7, '0')};p${i}@example.com;bulk`);
    const body = multipartBody([
      { name: 'file', filename: 'big.csv', contentType: 'text/csv', data: Buffer.from(lines.join('\r\n')) },
      { name: 'mapping', value: JSON.stringify({ firstName: 'First name', lastName: 'Last name', phone: 'Phone', email: 'E-mail', tags: 'Tags' }) },
    ]);
    const res = await w.app.inject({ method: 'POST', url: '/api/customers/import', headers: { ...bearer(tok), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id;
    const progress = async () => (await w.app.inject({ method: 'GET', url: `/api/customer_imports/${id}`, headers: bearer(tok) })).json();

    // Wait until the import is under way, then ask for /api/me: it must answer before the import ends.
    for (let p = await progress(); p.processedRows === 0; p = await progress()) await new Promise((r) => setTimeout(r, 20));
    const me = await w.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tok) });
    expect(me.statusCode).toBe(200);
    const during = await progress();
    expect(during.status).toBe('running');
    expect(during.processedRows).toBeLessThan(total);

    await w.app.deps.jobs.drain();
    for (let p = await progress(); p.status !== 'done'; p = await progress()) {
      expect(p.status).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await progress()).toMatchObject({ status: 'done', totalRows: total, processedRows: total, createdCount: total, updatedCount: 0, failedCount: 0, message: null });
    const [n] = await runInScope(w.db, { companyId: s.companyId }, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(customers).where(eq(customers.companyId, s.companyId)),
    );
    expect(n!.n).toBe(total);
  }, 300_000);
});
