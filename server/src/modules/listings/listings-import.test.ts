import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { multipartBody, type TPart } from '../../../test/multipart';
import { freshKeywordName, seedKeywords, setRealEstate } from '../../../test/real-estate-fixtures';

let t: TTestApp;
let s: TSeededCompany;
let admin: string;
let plainUser: string;

const upload = (opts: { url?: string; token?: string; data: string | Buffer; filename?: string; mapping?: string }) => {
  const parts: TPart[] = [
    { name: 'file', filename: opts.filename ?? 'listings.csv', contentType: 'text/csv', data: Buffer.isBuffer(opts.data) ? opts.data : Buffer.from(opts.data) },
  ];
  if (opts.mapping !== undefined) parts.push({ name: 'mapping', value: opts.mapping });
  const form = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/listings/import',
    headers: { ...bearer(opts.token ?? admin), ...form.headers },
    payload: form.payload,
  });
};

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  await setRealEstate(t, s.companyId);
  admin = (await login(t.app, s.admin.email)).token;
  plainUser = (await login(t.app, s.agent.email)).token;
});
afterAll(() => t.close());

describe('importing listings from CSV / Excel', () => {
  it('creates the good rows and reports each bad one with its row number', async () => {
    const [k1, k2, k3, k4] = [freshKeywordName(), freshKeywordName(), freshKeywordName(), freshKeywordName()];
    await seedKeywords(t, s.companyId, [k1, k2, k3, k4]);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: bearer(admin),
      payload: {
        name: 'Holder',
        url: 'https://h.example',
        keyword: (
          await runInScope(t.db, { companyId: s.companyId }, (tx) =>
            tx.execute(sql`select id::int as id from keywords where company_id = ${s.companyId} and name = ${k4}`),
          )
        ).rows[0]!.id,
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const csv = [
      'Listing Name,URL,Keyword,Address,Price,Negotiable,Status,Agent Email',
      `Sea view,https://homes.example/1,${k1.toLowerCase()},1 Ocean Ave,"$450,000.00",yes,For Sale,${s.agent.email.toUpperCase()}`,
      `Loft,https://homes.example/2,${k2},2 Main St,,no,sale pending,`,
      `Bad url,javascript:alert(1),${k3},,,,,`,
      `No keyword,https://homes.example/4,,,,,,`,
      `Unknown keyword,https://homes.example/5,QQQQQ,,,,,`,
      `Used keyword,https://homes.example/6,${k4},,,,,`,
      `Twin keyword,https://homes.example/7,${k1},,,,,`,
      `Bad price,https://homes.example/8,${k3},,-5,,,`,
      `Bad status,https://homes.example/9,${k3},,,,gone,`,
      `Bad agent,https://homes.example/10,${k3},,,,,nobody@x.example`,
    ].join('\n');
    const res = await upload({ data: csv });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ rows: 10, created: 2, skipped: 8 });
    expect(r.errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(r.errors[3].reasons.join()).toContain('already used');
    expect(r.errors[4].reasons.join()).toContain('row 2');
    expect(r.errors[5].reasons.join()).toContain('price');
    const list = (await t.app.inject({ method: 'GET', url: '/api/listings?pagination=false&q=Sea%20view', headers: bearer(admin) })).json();
    expect(list.member).toMatchObject([
      {
        name: 'Sea view',
        keywordName: k1,
        priceCents: 45_000_000,
        negotiable: true,
        status: 'for_sale',
        location: '1 Ocean Ave',
        agent: `/api/users/${s.agent.id}`,
      },
    ]);
  });

  it('maps columns by the caller and previews without importing', async () => {
    const k = freshKeywordName();
    await seedKeywords(t, s.companyId, [k]);
    const csv = `Titel,Adresa,Kod,Web\nKuća,Sarajevo,${k},https://kuce.example/1\n`;
    const mapping = JSON.stringify({ Titel: 'name', Adresa: 'location', Kod: 'keyword', Web: 'url' });
    const unmapped = await upload({ url: '/api/listings/import/preview', data: csv });
    expect(unmapped.json()).toMatchObject({ headers: ['Titel', 'Adresa', 'Kod', 'Web'], missing: ['name', 'url', 'keyword'], rows: 1 });
    const preview = await upload({ url: '/api/listings/import/preview', data: csv, mapping });
    expect(preview.json()).toMatchObject({
      mapping: ['name', 'location', 'keyword', 'url'],
      missing: [],
      sample: [['Kuća', 'Sarajevo', k, 'https://kuce.example/1']],
    });
    const none = (await t.app.inject({ method: 'GET', url: `/api/listings?pagination=false&q=${k}`, headers: bearer(admin) })).json();
    expect(none.member).toEqual([]);
    expect((await upload({ data: csv })).statusCode).toBe(422);
    const res = await upload({ data: csv, mapping });
    expect(res.json()).toMatchObject({ created: 1, errors: [] });
    for (const bad of ['{', '[]', '{"Titel":"nope"}', '"x"']) expect((await upload({ data: csv, mapping: bad })).statusCode, bad).toBe(422);
  });

  it('reads an .xlsx workbook and refuses a broken one with "Excel file not valid"', async () => {
    const k = freshKeywordName();
    await seedKeywords(t, s.companyId, [k]);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Listings');
    ws.addRow(['Name', 'URL', 'Keyword', 'Price']);
    ws.addRow(['Workbook house', 'https://wb.example/1', k, 250000]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const ok = await upload({ data: buf, filename: 'listings.xlsx' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ created: 1, errors: [] });
    const broken = await upload({ data: Buffer.concat([buf.subarray(0, 200), Buffer.alloc(100)]), filename: 'listings.xlsx' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().violations[0].message).toMatch(/^Excel file not valid/);
    const notExcel = await upload({ data: 'hello', filename: 'listings.xlsx' });
    expect(notExcel.statusCode).toBe(422);
    expect(notExcel.json().violations[0].message).toMatch(/^Excel file not valid/);
    expect((await upload({ data: '' })).statusCode).toBe(422);
  });

  it('is refused to users without the real estate role before the file is read', async () => {
    expect((await upload({ token: plainUser, data: 'Name\nx' })).statusCode).toBe(403);
    expect((await upload({ token: plainUser, url: '/api/listings/import/preview', data: 'Name\nx' })).statusCode).toBe(403);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/listings/import',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noFile.statusCode).toBe(422);
  });
});
