import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_PAGE_DATA_MESSAGES } from '@cd/contracts/interests';
import { runInScope } from '../../db/client';
import { readPageParts } from '../../lib/html-page-parts';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { setRealEstate } from '../../../test/real-estate-fixtures';
import { extractListingData, priceCentsOf } from './listing-page-data';

let t: TTestApp;
let s: TSeededCompany;
let off: TSeededCompany;
let admin: string;
let agentRe: string;
let plainUser: string;
let offAdmin: string;
let site: http.Server;
let base: string;

const OG_PAGE = `<!doctype html><html><head>
<meta charset="utf-8"><title>Ignored title</title>
<meta property="og:title" content="Sunny 3-bed &amp; garden">
<meta property="og:description" content="Close to   schools.\nNew roof.">
<meta property="og:image" content="/img/front.jpg">
<meta property="product:price:amount" content="450,000.00">
</head><body><script>var s = "<meta property='og:title' content='fake'>";</script></body></html>`;

const LD_PAGE = `<html><head><title>Listing 42 | Homes</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Homes"},
{"@type":"RealEstateListing","name":"Loft on Main","description":"Open plan.","image":["https://cdn.example.com/a.jpg"],
"offers":{"@type":"Offer","price":"389000","priceCurrency":"USD"},
"address":{"@type":"PostalAddress","streetAddress":"12 Main St","addressLocality":"Springfield","addressRegion":"IL","postalCode":"62701"}}]}</script>
</head><body></body></html>`;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/og') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(OG_PAGE);
    } else if (req.url === '/ld') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(LD_PAGE);
    } else if (req.url === '/empty') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>nothing here</body></html>');
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  s = await seedCompany(t.db);
  off = await seedCompany(t.db);
  await setRealEstate(t, s.companyId);
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set roles = array['ROLE_USER', 'ROLE_REAL_ESTATE'] where id = ${s.user2.id}`),
  );
  admin = (await login(t.app, s.admin.email)).token;
  agentRe = (await login(t.app, s.user2.email)).token;
  plainUser = (await login(t.app, s.agent.email)).token;
  offAdmin = (await login(t.app, off.admin.email)).token;
});
afterAll(async () => {
  await t.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const call = (token: string, body: unknown) => caller(t)('POST', '/api/listings/generate_data_by_url', token, body);

describe('POST /api/listings/generate_data_by_url', () => {
  it('reads Open Graph tags of a page (relative image resolved, entities decoded, script text ignored)', async () => {
    const res = await call(agentRe, { url: `${base}/og` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Sunny 3-bed & garden',
      priceCents: 45_000_000,
      location: null,
      photoUrl: `${base}/img/front.jpg`,
      description: 'Close to schools.\\nNew roof.'.replace('\\n', ' '),
      url: `${base}/og`,
    });
  });

  it('reads schema.org JSON-LD (RealEstateListing in a @graph, offer price, postal address)', async () => {
    const res = await call(admin, { url: `${base}/ld` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Loft on Main',
      priceCents: 38_900_000,
      location: '12 Main St, Springfield, IL 62701',
      photoUrl: 'https://cdn.example.com/a.jpg',
      description: 'Open plan.',
    });
  });

  it('answers 422 "continue manually" when the page says nothing, cannot be fetched, or is not public', async () => {
    for (const url of [
      `${base}/empty`,
      `${base}/missing`,
      `${base}/to-metadata`,
      'http://127.0.0.2/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://10.0.0.1/',
    ]) {
      const res = await call(agentRe, { url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail, url).toBe(LISTING_PAGE_DATA_MESSAGES.failed);
    }
  });

  it('refuses bad input with 400/422, never 500', async () => {
    for (const body of [
      {},
      { url: '' },
      { url: 'ftp://example.com/x' },
      { url: 'javascript:alert(1)' },
      { url: 'x'.repeat(5000) },
      { url: 5 },
      { url: 'https://a.example', extra: 1 },
      null,
    ]) {
      const res = await call(agentRe, body);
      expect([400, 422], JSON.stringify(body)).toContain(res.statusCode);
    }
  });

  it('needs the real estate role (403) and the module (403), and a token (401)', async () => {
    expect((await call(plainUser, { url: `${base}/og` })).statusCode).toBe(403);
    const offRes = await call(offAdmin, { url: `${base}/og` });
    expect(offRes.statusCode).toBe(403);
    expect((await call('', { url: `${base}/og` })).statusCode).toBe(401);
  });
});

describe('extractListingData', () => {
  it('falls back to <title> and plain meta description; picks JSON-LD Product offers', () => {
    expect(extractListingData({ html: '<TITLE>Cosy flat</TITLE><meta name="description" content="Near the park">', url: 'https://x.example/' })).toMatchObject({
      name: 'Cosy flat',
      description: 'Near the park',
      priceCents: null,
    });
    const product = `<script type="application/ld+json">[{"@type":"Product","name":"Villa","image":{"url":"//img.example/v.png"},"offers":[{"@type":"Offer","price":1250000.5}]}]</script>`;
    expect(extractListingData({ html: product, url: 'https://x.example/' })).toMatchObject({
      name: 'Villa',
      priceCents: 125_000_050,
      photoUrl: 'https://img.example/v.png',
    });
    // Broken JSON-LD and non-http images are skipped.
    expect(
      extractListingData({
        html: '<script type="application/ld+json">{oops</script><meta property="og:image" content="javascript:alert(1)">',
        url: 'https://x.example/',
      }).photoUrl,
    ).toBeNull();
  });

  it('reads prices as pages write them', () => {
    expect(priceCentsOf('$450,000')).toBe(45_000_000);
    expect(priceCentsOf('450000.99')).toBe(45_000_099);
    expect(priceCentsOf('1.234.567,89 €')).toBe(123_456_789);
    expect(priceCentsOf(389000)).toBe(38_900_000);
    for (const v of ['call us', '', '-5', '1e400', 'NaN', 0, -1, Infinity, '12,34,56', null, {}]) expect(priceCentsOf(v), String(v)).toBeNull();
  });

  it('reads a hostile 2 MB page in linear time', () => {
    const mb2 = 2 * 1024 * 1024;
    const hostile = [
      '<meta '.repeat(mb2 / 6),
      `<meta content="${'a'.repeat(mb2)}`,
      '<!--'.repeat(mb2 / 4),
      '</'.repeat(mb2 / 2),
      `<title>${'</x'.repeat(mb2 / 3)}`,
      '<a b=c '.repeat(mb2 / 7),
      `<script type="application/ld+json">${'['.repeat(mb2)}</script>`,
      '&#x1;&amp'.repeat(mb2 / 10),
      `<meta property="og:price:amount" content="${'1,'.repeat(mb2 / 2)}">`,
      `<meta property="og:title" content="${' \u0001'.repeat(mb2 / 2)}">`,
    ];
    for (const html of hostile) {
      const started = performance.now();
      readPageParts(html);
      extractListingData({ html, url: 'https://x.example/' });
      // Generous for a loaded CI machine: a quadratic scan of 2 MB would take minutes, not seconds.
      expect(performance.now() - started, html.slice(0, 30)).toBeLessThan(3000);
    }
  });
});
