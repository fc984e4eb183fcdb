import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, SafeFetchError, safeFetchHtml, type TResolveHost, type TSafeFetchFailure } from './safe-fetch';

/** A local fake site; routes answer what each test needs. */
let server: http.Server;
let base: string;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits.push(url);
    if (url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>Fake</title></head></html>');
    } else if (url === '/latin1') {
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      res.end(Buffer.from([0x3c, 0x62, 0x3e, 0x63, 0x61, 0x66, 0xe9, 0x3c, 0x2f, 0x62, 0x3e]));
    } else if (url.startsWith('/redirect?to=')) {
      res.writeHead(302, { location: decodeURIComponent(url.slice('/redirect?to='.length)) });
      res.end();
    } else if (url === '/loop') {
      res.writeHead(301, { location: '/loop' });
      res.end();
    } else if (url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    } else if (url === '/huge') {
      // No content-length: the limit must hold while streaming.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
    } else if (url === '/declared-huge') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
      res.write('<html>');
    } else if (url === '/gzip-bomb') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024, ' ')));
    } else if (url === '/gzip-ok') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(Buffer.from('<title>zipped</title>')));
    } else if (url === '/slow-head') {
      // Never answers.
    } else if (url === '/slow-body') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('nope');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = { allowHosts: ['127.0.0.1'] };

async function failureOf(p: Promise<unknown>): Promise<TSafeFetchFailure> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SafeFetchError) return err.reason;
    throw err;
  }
  throw new Error('expected a SafeFetchError');
}

/** A resolver that must not be asked (IP literals never reach DNS). */
const noDns: TResolveHost = async () => {
  throw new Error('DNS must not be used');
};

describe('isPublicAddress', () => {
  it('refuses every non-public range and accepts public ones', () => {
    const blocked = [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '2001:db8::1',
      'not-an-ip',
      '',
    ];
    for (const a of blocked) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])
      expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('safeFetchHtml refuses', () => {
  it('loopback, private, link-local (metadata) and unspecified addresses, without connecting', async () => {
    const before = hits.length;
    for (const url of [
      'http://127.0.0.1/',
      'http://localhost.127.0.0.1.nip.invalid/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0x7f.1/',
      'https://192.168.0.1/',
    ]) {
      const resolve: TResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
      expect(await failureOf(safeFetchHtml({ url, resolve })), url).toBe('blocked_address');
    }
    expect(hits.length).toBe(before);
  });

  it('a host name that resolves to a private address, also when only one of its answers is private', async () => {
    const resolve: TResolveHost = async (h) =>
      h === 'mixed.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '192.168.10.10', family: 4 }];
    expect(await failureOf(safeFetchHtml({ url: 'http://intranet.example/', resolve }))).toBe('blocked_address');
    expect(await failureOf(safeFetchHtml({ url: 'http://mixed.example/', resolve }))).toBe('blocked_address');
    const v6: TResolveHost = async () => [{ address: 'fe80::1', family: 6 }];
    expect(await failureOf(safeFetchHtml({ url: 'http://v6.example/', resolve: v6 }))).toBe('blocked_address');
  });

  it('other schemes, credentials, odd ports and names that do not resolve', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://example.com/',
      'javascript:alert(1)',
      'data:text/html,hi',
      'not a url',
      'http://user:pw@example.com/',
      'http://93.184.216.34:22/',
    ])
      expect(await failureOf(safeFetchHtml({ url, resolve: noDns })), url).toBe('bad_url');
    const none: TResolveHost = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await failureOf(safeFetchHtml({ url: 'http://nowhere.invalid/', resolve: none }))).toBe('dns');
    expect(await failureOf(safeFetchHtml({ url: 'http://empty.example/', resolve: async () => [] }))).toBe('dns');
  });

  it('a redirect to a private address (the allow-listed site cannot be used as a springboard)', async () => {
    for (const to of ['http://10.0.0.1/admin', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', `http://localhost:${port}/page`]) {
      const url = `${base}/redirect?to=${encodeURIComponent(to)}`;
      const resolve: TResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
      expect(await failureOf(safeFetchHtml({ url, ...local, resolve })), to).toBe(to.startsWith('http://localhost') ? 'bad_url' : 'blocked_address');
    }
    // A name on the redirect resolving to loopback, on an allowed port.
    const resolve: TResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const url = `${base}/redirect?to=${encodeURIComponent('http://rebind.example/page')}`;
    expect(await failureOf(safeFetchHtml({ url, ...local, resolve }))).toBe('blocked_address');
  });

  it('redirect loops, non-HTML answers, error statuses', async () => {
    expect(await failureOf(safeFetchHtml({ url: `${base}/loop`, ...local }))).toBe('too_many_redirects');
    expect(await failureOf(safeFetchHtml({ url: `${base}/json`, ...local }))).toBe('content_type');
    expect(await failureOf(safeFetchHtml({ url: `${base}/missing`, ...local }))).toBe('http_status');
  });

  it('pages over the size limit: streamed, declared, or decompressing past it', async () => {
    expect(await failureOf(safeFetchHtml({ url: `${base}/huge`, ...local }))).toBe('too_large');
    expect(await failureOf(safeFetchHtml({ url: `${base}/declared-huge`, ...local }))).toBe('too_large');
    expect(await failureOf(safeFetchHtml({ url: `${base}/gzip-bomb`, ...local }))).toBe('too_large');
  });

  it('slow pages: no answer, or a body that stalls', async () => {
    const started = Date.now();
    expect(await failureOf(safeFetchHtml({ url: `${base}/slow-head`, ...local, timeoutMs: 300 }))).toBe('timeout');
    expect(await failureOf(safeFetchHtml({ url: `${base}/slow-body`, ...local, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('safeFetchHtml reads', () => {
  it('an HTML page of an allow-listed test host, following redirects, decoding its charset and compression', async () => {
    const page = await safeFetchHtml({ url: `${base}/redirect?to=%2Fpage`, ...local });
    expect(page).toMatchObject({ status: 200, url: `${base}/page` });
    expect(page.body).toContain('<title>Fake</title>');
    expect((await safeFetchHtml({ url: `${base}/latin1`, ...local })).body).toBe('<b>café</b>');
    expect((await safeFetchHtml({ url: `${base}/gzip-ok`, ...local })).body).toBe('<title>zipped</title>');
  });

  it('connects to the address it checked, not to what the system resolver would say (pinned lookup)', async () => {
    let asked = 0;
    const resolve: TResolveHost = async () => {
      asked++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // `fake-site.test` does not exist in DNS: reaching the page proves the socket used the pinned address.
    const page = await safeFetchHtml({ url: `http://fake-site.test:${port}/page`, allowHosts: ['fake-site.test'], resolve });
    expect(page.body).toContain('Fake');
    expect(asked).toBe(1);
  });
});
