import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTopic } from '@cd/contracts/live';
import { runInScope } from '../src/db/client';
import { recordLiveEvents } from '../src/live/live.repository';
import { COMPRESS_MIN_BYTES } from '../src/plugins/compress-json';
import { bearer, createTestApp, login, seedCompany, type TTestApp } from './helpers';
import { openStream } from './live-stream';

let t: TTestApp;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built web app the way the build leaves it: hashed assets with .br and .gz siblings, public files beside. */
function writeFakeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'cd-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/app-abc123.js', SCRIPT);
  writeFileSync(path.join(dist, 'theme-init.js'), 'document.documentElement.dataset.theme = "dark";');
  return dist;
}

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: writeFakeWebDist() });
});
afterAll(async () => {
  // Node's fetch keeps a spare connection after an aborted stream; the graceful close would wait on it.
  t.app.server.closeAllConnections();
  await t.close();
});

function getAsset(url: string, acceptEncoding?: string) {
  return t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
}

describe('the built web app is served by the API process', () => {
  it('answers index.html (never cached) for client-side routes', async () => {
    for (const url of ['/', '/communication/inbox', '/companies/3/general_data', '/index.html']) {
      const res = await getAsset(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves assets and keeps API 404s as problems', async () => {
    const asset = await getAsset('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
    // The compressed siblings are variants, not addresses: the SPA answers for them like for any unknown path.
    const sibling = await getAsset('/assets/app-abc123.js.br');
    expect(sibling.headers['content-encoding']).toBeUndefined();
    expect(sibling.body).toContain('<div id="root">');
  });
});

describe('compressed and cached delivery of the built files', () => {
  it('sends the brotli file when the client accepts brotli', async () => {
    const res = await getAsset('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await getAsset('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const refusedBr = await getAsset('/assets/app-abc123.js', 'br;q=0, gzip');
    expect(refusedBr.headers['content-encoding']).toBe('gzip');
    for (const accept of [undefined, 'identity', 'deflate']) {
      const plain = await getAsset('/assets/app-abc123.js', accept);
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(plain.body, accept).toBe(SCRIPT);
      expect(plain.headers.vary, accept).toContain('accept-encoding');
    }
  });

  it('marks hashed assets immutable for a year and revalidates the other files', async () => {
    for (const accept of [undefined, 'br', 'gzip']) {
      expect((await getAsset('/assets/app-abc123.js', accept)).headers['cache-control'], accept).toBe(IMMUTABLE);
    }
    expect((await getAsset('/theme-init.js', 'br')).headers['cache-control']).toBe('no-cache');
    const spa = await getAsset('/communication/inbox', 'br, gzip');
    expect(spa.headers['cache-control']).toBe('no-cache');
    expect(spa.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(spa.rawPayload).toString()).toBe(INDEX);
  });

  it('answers HEAD without a body and a repeated request with 304', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const first = await getAsset('/index.html');
    const again = await t.app.inject({ method: 'GET', url: '/index.html', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('compressed JSON answers', () => {
  it('compresses an answer above the threshold as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers, problems and HEAD as they are', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/public/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
    const problem = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { 'accept-encoding': 'br' } });
    expect(problem.headers['content-encoding']).toBeUndefined();
    expect(problem.json()).toMatchObject({ status: 404 });
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.rawPayload.length).toBe(0);
  });

  it('never compresses the live-update stream, which delivers each event at once', async () => {
    const company = await seedCompany(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    const api = (await login(t.app, company.agent.email)).token;
    const { token } = (await t.app.inject({ method: 'GET', url: '/api/get_mercure_jwt', headers: bearer(api) })).json<{ token: string }>();
    const topic = companyTopic(company.companyId);
    const s = await openStream(`http://127.0.0.1:${addr.port}/.well-known/mercure?topic=${encodeURIComponent(topic)}`, {
      ...bearer(token),
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(s.res.headers.get('content-type')).toBe('text/event-stream');
      expect(s.res.headers.get('content-encoding')).toBeNull();
      // A padded event above the JSON threshold still arrives as it is sent.
      const input = {
        companyId: company.companyId,
        topics: [topic],
        event: 'updated' as const,
        entity: 'customer',
        data: { pad: 'x'.repeat(2000) },
        changes: [],
      };
      const [stored] = await runInScope(t.db, { companyId: company.companyId }, (tx) => recordLiveEvents(tx, [input]));
      t.app.deps.live.broadcast([stored!]);
      await s.waitFor(() => s.hasEvent(stored!.payload.id));
    } finally {
      s.close();
    }
  });
});
