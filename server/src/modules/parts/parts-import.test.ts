import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';

let t: TTestApp;
let s: TSeededCompany;
let admin: string;
let agent: string;

const upload = (url: string, token: string, text: string | Buffer, filename = 'parts.csv') => {
  const form = multipartBody([{ name: 'file', filename, contentType: 'text/csv', data: Buffer.isBuffer(text) ? text : Buffer.from(text) }]);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
};

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  admin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
});
afterAll(() => t.close());

describe('importing parts customers and tickets from CSV / Excel', () => {
  it('creates customers, reports each bad row, and updates by reference on a second import', async () => {
    const csv = [
      'Account Number,Customer Name,Contact,Phone,E-mail,Terms',
      'ACME-1,Acme Garage,Ann,(202) 555-0123,ann@acme.example,30',
      'BOB-2,Bob Body Shop,,,,45',
      ',,,,,',
      'BAD-3,,Nobody,,,30',
      'BAD-4,Bad Terms,,,,abc',
      'ACME-1,Acme twin,,,,30',
    ].join('\n');
    const res = await upload('/api/parts_customers/import', admin, csv);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ kind: 'customers', created: 2, updated: 0 });
    expect(r.errors.map((e: { row: number }) => e.row)).toEqual([5, 6, 7]);
    expect(r.errors[2].reasons[0]).toContain('row 2');
    const again = await upload('/api/parts_customers/import', admin, 'Reference,Name,Terms\nacme-1,Acme Garage Inc,60\n');
    expect(again.json()).toMatchObject({ created: 0, updated: 1, errors: [] });
    const list = (await t.app.inject({ method: 'GET', url: '/api/parts_customers?pagination=false&name=ACME', headers: bearer(admin) })).json();
    expect(list.member).toMatchObject([{ name: 'Acme Garage Inc', termsDays: 60, phone: '+12025550123' }]);
  });

  it('groups ticket lines by number, matches customers by reference, and skips tickets already imported', async () => {
    await upload('/api/parts_customers/import', admin, 'Reference,Name\nTK-1,Ticket Garage\n');
    const csv = [
      'Ticket,Date,Customer,Part Number,Description,Qty,Unit Price,Tax Rate',
      'CT-100,2026-02-01,TK-1,PN-1,Filter,2,$12.50,8%',
      'CT-100,2026-02-01,TK-1,PN-2,Oil,1.5,4.00,',
      'CT-101,2026-02-02,NOPE,PN-1,Filter,1,12.50,0',
      'CT-102,2026-02-03,TK-1,PN-1,Filter,0,12.50,0',
      'CT-102,2026-02-03,TK-1,PN-3,Wiper,1,1.234,0',
    ].join('\n');
    const res = await upload('/api/parts_counter_tickets/import', admin, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'tickets', created: 1, skipped: 0 });
    expect(res.json().errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6]);
    const tickets = (await t.app.inject({ method: 'GET', url: '/api/parts_counter_tickets?pagination=false', headers: bearer(admin) })).json().member;
    // 2 × 12.50 = 25.00 + 8 % = 2.00; 1.5 × 4.00 = 6.00.
    expect(tickets).toMatchObject([{ number: 'CT-100', date: '2026-02-01', subtotalCents: 3100, taxCents: 200, totalCents: 3300 }]);
    const again = await upload('/api/parts_counter_tickets/import', admin, csv);
    expect(again.json()).toMatchObject({ created: 0, skipped: 1 });
  });

  it('refuses unreadable files, missing columns, other roles and requests without a file', async () => {
    expect((await upload('/api/parts_customers/import', admin, 'Phone,Email\n1,2\n')).json().violations[0].message).toContain('name');
    expect((await upload('/api/parts_customers/import', admin, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'old.xls')).statusCode).toBe(422);
    expect((await upload('/api/parts_customers/import', admin, '')).statusCode).toBe(422);
    expect((await upload('/api/parts_customers/import', agent, 'Name\nX\n')).statusCode).toBe(403);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/parts_sales/import',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noFile.statusCode).toBe(422);
  });

  it('reads an .xlsx workbook', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Customers');
    ws.addRow(['Name', 'Reference', 'Terms']);
    ws.addRow(['Workbook Motors', 'WB-1', 15]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload('/api/parts_customers/import', admin, buf, 'customers.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, errors: [] });
  });
});
