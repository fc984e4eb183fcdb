import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody as multipart, type TPart } from '../../../test/multipart';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { createSignedStorageUrl, verifySignedStorageUrl } from '../../lib/signed-url';
import { sniffMimeType } from '../../lib/sniff-mime';
import { presentMedia, signedMediaUrl } from './media.presenter';
import { saveMedia, saveMediaFromBuffer } from './media.service';

const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminA: string;
let agentA: string;
let adminB: string;
let root: string;
let png: Buffer;
let gif: Buffer;

function storageDir() {
  return t.app.deps.config.storageDir;
}
function filesOf(companyId: number): string[] {
  const dir = path.join(storageDir(), String(companyId));
  return existsSync(dir) ? readdirSync(dir) : [];
}
function tempFiles(): string[] {
  const dir = path.join(storageDir(), '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function upload(token: string, parts: TPart[], query = '') {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/media_objects${query}`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}
const fileOf = (filename: string, contentType: string, data: Buffer): TPart => ({ name: 'file', filename, contentType, data });

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  const rootUser = await seedSuperAdmin(t.db);
  [adminA, agentA, adminB, root] = await Promise.all([
    login(t.app, a.admin.email).then((x) => x.token),
    login(t.app, a.agent.email).then((x) => x.token),
    login(t.app, b.admin.email).then((x) => x.token),
    login(t.app, rootUser.email).then((x) => x.token),
  ]);
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c03030' } }).png().toBuffer();
  gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3030c0' } }).gif().toBuffer();
});
afterAll(() => t.close());

describe('POST /api/media_objects', () => {
  it('stores a PNG under a random name with a signed, servable thumbnail', async () => {
    // Its own company, so the directory listing below holds only this upload (other tests store .bin and PDFs for a).
    const own = await seedCompany(t.db);
    const agent = (await login(t.app, own.agent.email)).token;
    const res = await upload(agent, [fileOf('my holiday photo.png', 'image/png', png)]);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({
      '@type': 'MediaObject',
      '@id': `/api/media_objects/${media.id}`,
      mimeType: 'image/png',
      originalMimeType: 'image/png',
      originalFileName: 'my holiday photo.png',
      size: png.length,
    });
    expect(media.contentUrl).toMatch(/^\/storage\/\d+\/[A-Za-z0-9_-]+\.png\?expires=\d+&sig=[A-Za-z0-9_-]+$/);
    expect(media.thumbnail.thumbnailUrl).toMatch(/^\/storage\/\d+\/[A-Za-z0-9_-]+\.jpg\?expires=\d+&sig=/);

    // Nothing of the user's file name reaches the disk.
    const files = filesOf(own.companyId);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const f of files) {
      expect(f).toMatch(/^[a-f0-9]{32}\.(png|jpg)$/);
      expect(f).not.toContain('holiday');
    }

    const original = await t.app.inject({ method: 'GET', url: media.contentUrl });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-disposition']).toMatch(/^inline/);
    expect(original.rawPayload.equals(png)).toBe(true);

    const thumb = await t.app.inject({ method: 'GET', url: media.thumbnail.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('refuses HTML bytes named x.png, naming the file, and leaves nothing on disk', async () => {
    const before = filesOf(a.companyId).length;
    const res = await upload(adminA, [fileOf('x.png', 'image/png', HTML)]);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('x.png');
    expect(res.json().detail).toContain('text/html');
    expect(filesOf(a.companyId)).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses an SVG upload', async () => {
    const res = await upload(adminA, [fileOf('logo.svg', 'image/svg+xml', SVG)]);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('logo.svg');
  });

  it('keeps the sniffed type: a JPEG declared as PDF is stored as a JPEG', async () => {
    const jpeg = await sharp(png).jpeg().toBuffer();
    const res = await upload(agentA, [fileOf('scan.pdf', 'application/pdf', jpeg)]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'image/jpeg', originalMimeType: 'application/pdf' });
  });

  it('serves a PDF inline and supports range requests on media', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await upload(agentA, [fileOf('invoice.pdf', 'application/pdf', pdf)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().thumbnail).toBeNull();
    const url = res.json().contentUrl;
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.headers['content-type']).toBe('application/pdf');
    expect(full.headers['content-disposition']).toMatch(/^inline/);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${pdf.length}`);
    expect(part.body).toBe('%PDF');
    const bad = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${pdf.length + 10}-` } });
    expect(bad.statusCode).toBe(416);
  });

  it('answers 413 err_total_attachment_size past the attachment limit and cleans up', async () => {
    const big = Buffer.alloc(95_000_001, 0x20);
    png.copy(big);
    const res = await upload(agentA, [fileOf('huge.png', 'image/png', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('err_total_attachment_size');
    expect(tempFiles()).toEqual([]);
  }, 60_000);

  it('saveMedia aborts a stream past maxBytes with 413 and removes the partial file', async () => {
    const { Readable } = await import('node:stream');
    const stream = Readable.from([png, png, png]);
    await expect(
      saveMedia({ deps: t.app.deps, companyId: a.companyId, userId: null, file: { filename: 'a.png', mimetype: 'image/png', stream }, maxBytes: png.length + 10 }),
    ).rejects.toMatchObject({ status: 413, message: 'err_total_attachment_size' });
    expect(tempFiles()).toEqual([]);
  });

  it('hero and logo: JPEG/PNG only, under 5,000,000 bytes, fields may follow the file', async () => {
    const gifRes = await upload(adminA, [
      fileOf('hero.gif', 'image/gif', gif),
      { name: 'entityName', value: 'Company' },
      { name: 'entityId', value: String(a.companyId) },
      { name: 'entityField', value: 'heroMobile' },
    ]);
    expect(gifRes.statusCode).toBe(422);
    expect(gifRes.json().detail).toContain('hero.gif');

    const big = Buffer.alloc(5_000_000, 0);
    png.copy(big);
    const bigRes = await upload(adminA, [
      { name: 'entityName', value: 'Company' },
      { name: 'entityId', value: String(a.companyId) },
      { name: 'entityField', value: 'logoMobile' },
      fileOf('logo-big.png', 'image/png', big),
    ]);
    expect(bigRes.statusCode).toBe(422);
    expect(bigRes.json().detail).toBe('file: logo-big.png: file_size_too_big');

    const ok = await upload(adminA, [
      fileOf('hero.png', 'image/png', png),
      { name: 'entityName', value: 'Company' },
      { name: 'entityId', value: `/api/companies/${a.companyId}` },
      { name: 'entityField', value: 'heroMobile' },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);

    const otherCompany = await upload(adminA, [
      fileOf('hero.png', 'image/png', png),
      { name: 'entityName', value: 'Company' },
      { name: 'entityId', value: String(b.companyId) },
      { name: 'entityField', value: 'heroMobile' },
    ]);
    expect(otherCompany.statusCode).toBe(404);

    const badField = await upload(adminA, [fileOf('a.png', 'image/png', png), { name: 'entityName', value: 'User' }, { name: 'entityId', value: '1' }, { name: 'entityField', value: 'heroMobile' }]);
    expect(badField.statusCode).toBe(422);
    expect(tempFiles()).toEqual([]);
  });

  it('answers 4xx, never 500, without a file or without multipart', async () => {
    const noFile = await upload(agentA, [{ name: 'entityName', value: 'User' }]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().violations[0].propertyPath).toBe('file');
    const json = await t.app.inject({ method: 'POST', url: '/api/media_objects', headers: bearer(agentA), payload: { file: 'x' } });
    expect(json.statusCode).toBe(422);
    const empty = await upload(agentA, [fileOf('empty.png', 'image/png', Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(422);
    const two = await upload(agentA, [fileOf('a.png', 'image/png', png), fileOf('b.png', 'image/png', png)]);
    expect(two.statusCode).toBe(422);
    const anon = await t.app.inject({ method: 'POST', url: '/api/media_objects', ...multipart([fileOf('a.png', 'image/png', png)]) });
    expect(anon.statusCode).toBe(401);
    expect(tempFiles()).toEqual([]);
  });

  it('a super admin names the company with ?company= or gets 400', async () => {
    const none = await upload(root, [fileOf('a.png', 'image/png', png)]);
    expect(none.statusCode).toBe(400);
    const ok = await upload(root, [fileOf('a.png', 'image/png', png)], `?company=${b.companyId}`);
    expect(ok.statusCode).toBe(201);
    const got = await t.app.inject({ method: 'GET', url: `${ok.json()['@id']}?company=${b.companyId}`, headers: bearer(root) });
    expect(got.statusCode).toBe(200);
    const fromB = await t.app.inject({ method: 'GET', url: ok.json()['@id'], headers: bearer(adminB) });
    expect(fromB.statusCode).toBe(200);
  });
});

describe('signed storage URLs', () => {
  let contentUrl: string;
  beforeAll(async () => {
    const res = await upload(agentA, [fileOf('p.png', 'image/png', png)]);
    contentUrl = res.json().contentUrl;
  });

  it('refuses tampered, missing or expired signatures with 403', async () => {
    const url = new URL(contentUrl, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const tampered = contentUrl.replace(`sig=${sig}`, `sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const later = contentUrl.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 3600}`);
    expect((await t.app.inject({ method: 'GET', url: later })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(403);
    const otherKey = contentUrl.replace(/\/storage\/\d+\//, `/storage/${b.companyId}/`);
    expect((await t.app.inject({ method: 'GET', url: otherKey })).statusCode).toBe(403);

    const key = url.pathname.slice('/storage/'.length);
    const config = t.app.deps.config;
    const expired = createSignedStorageUrl({ config, key, now: new Date(Date.now() - 3 * 3600_000) });
    const res = await t.app.inject({ method: 'GET', url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('This link has expired.');
    const e = new URL(expired, 'http://x');
    expect(verifySignedStorageUrl({ config, key, expires: e.searchParams.get('expires'), sig: e.searchParams.get('sig') })).toEqual({ ok: false, reason: 'expired' });
  });

  it('answers 404 for a validly signed key that does not exist', async () => {
    const key = `${a.companyId}/${'A'.repeat(24)}.png`;
    const res = await t.app.inject({ method: 'GET', url: createSignedStorageUrl({ config: t.app.deps.config, key }) });
    expect(res.statusCode).toBe(404);
  });

  it('builds absolute URLs for providers', async () => {
    const row = await saveMediaFromBuffer({
      deps: t.app.deps,
      companyId: a.companyId,
      userId: null,
      file: { filename: 'mms.jpg', mimetype: 'image/jpeg', buffer: await sharp(png).jpeg().toBuffer() },
    });
    expect(signedMediaUrl({ config: t.app.deps.config, row, absolute: true })).toMatch(/^http:\/\/app\.test\/storage\/\d+\/.+\.jpg\?expires=/);
    expect(row.thumbnailKey).toMatch(/\.jpg$/);
  });
});

describe('never served inline: SVG and HTML', () => {
  for (const [name, data, mimetype] of [
    ['drawing.svg', SVG, 'image/svg+xml'],
    ['page.html', HTML, 'text/html'],
    ['fake.png', HTML, 'image/png'],
  ] as const) {
    it(`${name} is opaque bytes offered as a download`, async () => {
      // Provider media is stored whatever its type (acceptedTypes: 'any'); serving must still be safe.
      const row = await saveMediaFromBuffer({ deps: t.app.deps, companyId: a.companyId, userId: null, file: { filename: name, mimetype, buffer: data }, acceptedTypes: 'any' });
      expect(row.thumbnailKey).toBeNull();
      expect(row.storageKey).toMatch(/\.bin$/);
      const res = await t.app.inject({ method: 'GET', url: presentMedia({ config: t.app.deps.config, row }).contentUrl });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });
  }
});

describe('GET and DELETE /api/media_objects/:id', () => {
  it('another company gets 404 and the file stays; the owner deletes row and files', async () => {
    const created = (await upload(agentA, [fileOf('del.png', 'image/png', png)])).json();
    const iri = created['@id'];
    expect((await t.app.inject({ method: 'GET', url: iri, headers: bearer(adminB) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: iri, headers: bearer(adminB) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${iri}?company=${a.companyId}`, headers: bearer(adminB) })).statusCode).toBe(404);

    const got = await t.app.inject({ method: 'GET', url: iri, headers: bearer(adminA) });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: created.id, originalFileName: 'del.png' });

    const keys = [created.contentUrl, created.thumbnail.thumbnailUrl].map((u: string) => new URL(u, 'http://x').pathname.slice('/storage/'.length));
    for (const k of keys) expect(existsSync(path.join(storageDir(), k))).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: iri, headers: bearer(agentA) });
    expect(del.statusCode).toBe(204);
    for (const k of keys) expect(existsSync(path.join(storageDir(), k))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: iri, headers: bearer(adminA) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: created.contentUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: iri, headers: bearer(adminA) })).statusCode).toBe(404);
  });
});

describe('sniffMimeType', () => {
  const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}\0\0\0\0isommp41`)]);
  const cases: [string, Buffer, string][] = [
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
    ['gif', Buffer.from('GIF89a\x01\x00'), 'image/gif'],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '), 'image/webp'],
    ['wav', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '), 'audio/wav'],
    ['pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
    ['doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'application/msword'],
    ['docx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml')]), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....evil.html')]), 'application/zip'],
    ['mov', ftyp('qt  '), 'video/quicktime'],
    ['mp4', ftyp('isom'), 'video/mp4'],
    ['m4a', ftyp('M4A '), 'audio/mp4'],
    ['webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm')]), 'audio/webm'],
    ['ogg', Buffer.from('OggS\0\x02'), 'audio/ogg'],
    ['mp3 id3', Buffer.from('ID3\x03\x00'), 'audio/mpeg'],
    ['mp3 frame', Buffer.from([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['svg', Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    ['svg utf16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<svg onload="x"></svg>', 'utf16le')]), 'image/svg+xml'],
    ['html', Buffer.from('\ufeff<!doctype html><p>hi'), 'text/html'],
    ['html fragment', Buffer.from('hello <script>alert(1)</script>'), 'text/html'],
    ['text', Buffer.from('BMW owners club notes'), 'text/plain'],
    ['binary', Buffer.from([0, 1, 2, 3, 0, 5]), 'application/octet-stream'],
  ];
  for (const [name, head, expected] of cases) it(name, () => expect(sniffMimeType({ head })).toBe(expected));
});
