import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type TFakeTwilio } from '../../../test/fakes/fake-twilio';
import {
  fetchTwilioMedia,
  findTwilioMessage,
  mapTwilioStatus,
  sendTwilioMessage,
  TwilioError,
  type TTwilioCredentials,
} from './twilio-client';
import {
  parseTwilioInbound,
  parseTwilioStatus,
  requestUrlForSignature,
  twimlResponse,
  verifyTwilioSignature,
  type TTwilioParams,
} from './twilio-webhooks';

function signFor(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Catches the rejection and returns it typed, failing when the promise resolves. */
async function rejection(p: Promise<unknown>): Promise<TwilioError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TwilioError);
    return err as TwilioError;
  }
  throw new Error('expected a rejection');
}

describe('verifyTwilioSignature', () => {
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
  const expected = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';

  it('accepts the official test vector', () => {
    expect(verifyTwilioSignature({ authToken: token, url, params, signature: expected })).toBe(true);
  });

  it('rejects a tampered parameter, a wrong URL, a wrong token', () => {
    expect(verifyTwilioSignature({ authToken: token, url, params: { ...params, Digits: '1235' }, signature: expected })).toBe(false);
    expect(verifyTwilioSignature({ authToken: token, url, params: { ...params, Extra: 'x' }, signature: expected })).toBe(false);
    expect(verifyTwilioSignature({ authToken: token, url: url.replace('foo=1', 'foo=2'), params, signature: expected })).toBe(false);
    expect(verifyTwilioSignature({ authToken: '54321', url, params, signature: expected })).toBe(false);
    expect(verifyTwilioSignature({ authToken: token, url, params, signature: expected.slice(0, -2) })).toBe(false);
  });

  it('rejects a missing or empty signature', () => {
    expect(verifyTwilioSignature({ authToken: token, url, params, signature: undefined })).toBe(false);
    expect(verifyTwilioSignature({ authToken: token, url, params, signature: '' })).toBe(false);
  });

  it('accepts :443 in the URL when Twilio signed without it, and vice versa', () => {
    const withPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    // signed without the port, received with it
    expect(verifyTwilioSignature({ authToken: token, url: withPort, params, signature: expected })).toBe(true);
    // signed with the port, received without it
    const signedWithPort = signFor(token, withPort, params);
    expect(signedWithPort).not.toBe(expected);
    expect(verifyTwilioSignature({ authToken: token, url, params, signature: signedWithPort })).toBe(true);
  });

  it('handles :80 for http and leaves other ports alone', () => {
    const p = { A: '1' };
    expect(verifyTwilioSignature({ authToken: 't', url: 'http://h.example/x', params: p, signature: signFor('t', 'http://h.example:80/x', p) })).toBe(true);
    expect(verifyTwilioSignature({ authToken: 't', url: 'http://h.example:80/x', params: p, signature: signFor('t', 'http://h.example/x', p) })).toBe(true);
    // :443 is not http's default port
    expect(verifyTwilioSignature({ authToken: 't', url: 'http://h.example/x', params: p, signature: signFor('t', 'http://h.example:443/x', p) })).toBe(false);
    expect(verifyTwilioSignature({ authToken: 't', url: 'https://h.example:8443/x', params: p, signature: signFor('t', 'https://h.example/x', p) })).toBe(false);
  });

  it('signs repeated parameter names with their distinct values sorted', () => {
    const p: TTwilioParams = { MediaUrl: ['https://b.example/2', 'https://a.example/1', 'https://b.example/2'], Body: 'hi' };
    const data = 'https://x.example/hook' + 'Body' + 'hi' + 'MediaUrl' + 'https://a.example/1' + 'MediaUrl' + 'https://b.example/2';
    const sig = createHmac('sha1', 'tok').update(data, 'utf8').digest('base64');
    expect(verifyTwilioSignature({ authToken: 'tok', url: 'https://x.example/hook', params: p, signature: sig })).toBe(true);
    expect(verifyTwilioSignature({ authToken: 'tok', url: 'https://x.example/hook', params: { ...p, MediaUrl: ['https://a.example/1'] }, signature: sig })).toBe(false);
  });

  it('covers non-ASCII values as UTF-8', () => {
    const p = { Body: 'Grüße 👋' };
    expect(verifyTwilioSignature({ authToken: 't', url: 'https://h.example/x', params: p, signature: signFor('t', 'https://h.example/x', p) })).toBe(true);
  });
});

describe('requestUrlForSignature', () => {
  const base = { protocol: 'http', host: 'internal:3000', url: '/webhooks/twilio/abc?x=1%202' };

  it('uses the socket protocol and Host header without a trusted proxy, ignoring X-Forwarded-*', () => {
    expect(requestUrlForSignature({ ...base, trustedProxy: false })).toBe('http://internal:3000/webhooks/twilio/abc?x=1%202');
    expect(
      requestUrlForSignature({ ...base, trustedProxy: false, forwardedProto: 'https', forwardedHost: 'evil.example', forwardedPort: '443' }),
    ).toBe('http://internal:3000/webhooks/twilio/abc?x=1%202');
  });

  it('honours X-Forwarded-Proto/Host/Port behind a trusted proxy (first value of a list)', () => {
    expect(
      requestUrlForSignature({ ...base, trustedProxy: true, forwardedProto: 'https, http', forwardedHost: 'app.example.com, internal' }),
    ).toBe('https://app.example.com/webhooks/twilio/abc?x=1%202');
    expect(requestUrlForSignature({ ...base, trustedProxy: true, forwardedProto: 'https', forwardedHost: 'app.example.com:8443' })).toBe(
      'https://app.example.com:8443/webhooks/twilio/abc?x=1%202',
    );
    expect(requestUrlForSignature({ ...base, trustedProxy: true, forwardedProto: 'https', forwardedHost: 'app.example.com', forwardedPort: '443' })).toBe(
      'https://app.example.com:443/webhooks/twilio/abc?x=1%202',
    );
    // a trusted proxy that sends nothing: the request as received
    expect(requestUrlForSignature({ ...base, protocol: 'https:', trustedProxy: true })).toBe('https://internal:3000/webhooks/twilio/abc?x=1%202');
  });
});

describe('mapTwilioStatus', () => {
  it('maps every Twilio status', () => {
    const cases: Record<string, ReturnType<typeof mapTwilioStatus>> = {
      queued: 'SENDING',
      accepted: 'SENDING',
      scheduled: 'SENDING',
      sending: 'SENDING',
      sent: 'SENT',
      delivered: 'DELIVERED',
      partially_delivered: 'DELIVERED',
      undelivered: 'UNDELIVERED',
      failed: 'FAILED',
      canceled: 'FAILED',
      read: 'READ',
      received: 'RECEIVED',
      receiving: 'RECEIVED',
      Delivered: 'DELIVERED',
      bogus: null,
      '': null,
      constructor: null,
      hasOwnProperty: null,
    };
    for (const [raw, mapped] of Object.entries(cases)) expect(mapTwilioStatus(raw), raw).toBe(mapped);
  });
});

describe('parseTwilioInbound / parseTwilioStatus', () => {
  it('parses an inbound message with media', () => {
    const inbound = parseTwilioInbound({
      AccountSid: 'AC1',
      MessageSid: 'MM1',
      SmsSid: 'MM1',
      SmsMessageSid: 'MM1',
      From: '+15005550006',
      To: '+15005550001',
      Body: 'Photo',
      NumMedia: '2',
      MediaUrl0: 'https://api.twilio.com/a',
      MediaContentType0: 'image/jpeg',
      MediaUrl1: 'https://api.twilio.com/b',
      MediaContentType1: 'application/pdf',
    });
    expect(inbound).toEqual({
      messageSid: 'MM1',
      accountSid: 'AC1',
      from: '+15005550006',
      to: '+15005550001',
      body: 'Photo',
      media: [
        { url: 'https://api.twilio.com/a', contentType: 'image/jpeg' },
        { url: 'https://api.twilio.com/b', contentType: 'application/pdf' },
      ],
      optOutType: null,
    });
  });

  it('reads OptOutType, else the single-word keyword rule', () => {
    const base = { MessageSid: 'SM1', From: '+1', To: '+2' };
    expect(parseTwilioInbound({ ...base, Body: 'stop please', OptOutType: 'STOP' }).optOutType).toBe('STOP');
    expect(parseTwilioInbound({ ...base, Body: ' Unsubscribe ' }).optOutType).toBe('STOP');
    expect(parseTwilioInbound({ ...base, Body: 'STOP PLEASE' }).optOutType).toBe(null);
    expect(parseTwilioInbound({ ...base, Body: 'start' }).optOutType).toBe('START');
    expect(parseTwilioInbound({ ...base, Body: 'HELP' }).optOutType).toBe('HELP');
    expect(parseTwilioInbound({ ...base }).body).toBe('');
  });

  it('throws a clear error when MessageSid/From/To are missing, and bounds NumMedia', () => {
    expect(() => parseTwilioInbound({ Body: 'x', To: '+2' })).toThrow(/missing MessageSid, From/);
    expect(() => parseTwilioInbound({ MessageSid: 'SM1', From: '+1' })).toThrow(/missing To/);
    expect(parseTwilioInbound({ MessageSid: 'SM1', From: '+1', To: '+2', NumMedia: '99999999' }).media).toEqual([]);
    expect(parseTwilioInbound({ SmsSid: 'SM9', From: ['+1', '+3'], To: '+2' })).toMatchObject({ messageSid: 'SM9', from: '+1' });
  });

  it('parses status callbacks', () => {
    expect(parseTwilioStatus({ MessageSid: 'SM1', MessageStatus: 'undelivered', SmsStatus: 'undelivered', ErrorCode: '30003', ErrorMessage: 'Unreachable' })).toEqual({
      messageSid: 'SM1',
      status: 'UNDELIVERED',
      rawStatus: 'undelivered',
      errorCode: '30003',
      errorMessage: 'Unreachable',
    });
    expect(parseTwilioStatus({ SmsSid: 'SM2', SmsStatus: 'delivered', ErrorCode: '' })).toEqual({
      messageSid: 'SM2',
      status: 'DELIVERED',
      rawStatus: 'delivered',
      errorCode: null,
      errorMessage: null,
    });
    expect(parseTwilioStatus({ MessageSid: 'SM3', MessageStatus: 'new_thing' }).status).toBe(null);
    expect(() => parseTwilioStatus({ MessageSid: 'SM1' })).toThrow(/MessageStatus/);
  });
});

describe('twimlResponse', () => {
  it('answers an empty Response or one escaped Message', () => {
    expect(twimlResponse()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(twimlResponse('')).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(twimlResponse(`Tom & Jerry <b>"hi"</b> it's\u0007`)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Tom &amp; Jerry &lt;b&gt;&quot;hi&quot;&lt;/b&gt; it&apos;s</Message></Response>',
    );
  });
});

describe('against the fake Twilio server', () => {
  let fake: TFakeTwilio;
  let creds: TTwilioCredentials;
  const FROM = '+15005550006';

  beforeAll(async () => {
    fake = await startFakeTwilio();
    creds = { accountSid: fake.accountSid, authToken: fake.authToken, baseUrl: fake.baseUrl };
  });
  afterAll(async () => {
    await fake.close();
  });

  it('sends with every field, Basic auth and repeated MediaUrl', async () => {
    const attempts = fake.sendAttempts();
    const result = await sendTwilioMessage({
      creds,
      from: FROM,
      to: '+15558675310',
      body: 'Hello & welcome',
      mediaUrls: ['https://files.example/a.jpg', 'https://files.example/b.pdf'],
      statusCallback: 'https://app.example/webhooks/twilio/status',
    });
    expect(result.sid).toMatch(/^(SM|MM)[0-9a-f]{32}$/);
    expect(result.status).toBe('queued');
    const last = fake.sent.at(-1)!;
    expect(last).toMatchObject({
      sid: result.sid,
      to: '+15558675310',
      from: FROM,
      body: 'Hello & welcome',
      mediaUrls: ['https://files.example/a.jpg', 'https://files.example/b.pdf'],
      statusCallback: 'https://app.example/webhooks/twilio/status',
    });
    expect(fake.sendAttempts()).toBe(attempts + 1);
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', url: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json` });
  });

  it('fails with 401 on wrong credentials (permanent)', async () => {
    const err = await rejection(sendTwilioMessage({ creds: { ...creds, authToken: 'wrong' }, from: FROM, to: '+15558675310', body: 'x' }));
    expect(err).toMatchObject({ status: 401, code: 20003, permanent: true });
  });

  it('turns 21211 (invalid To) and 21610 (opted out) into permanent TwilioErrors', async () => {
    const invalid = await rejection(sendTwilioMessage({ creds, from: FROM, to: '555-1234', body: 'x' }));
    expect(invalid).toMatchObject({ status: 400, code: 21211, permanent: true, moreInfo: 'https://www.twilio.com/docs/errors/21211' });
    fake.block('+15558670000');
    const optedOut = await rejection(sendTwilioMessage({ creds, from: FROM, to: '+15558670000', body: 'x' }));
    expect(optedOut).toMatchObject({ status: 400, code: 21610, permanent: true });
    expect(optedOut.message).toMatch(/21610/);
  });

  it('treats 503, 500 and 429 as transient', async () => {
    fake.failNext(3, { status: 503, code: 20503 });
    for (let i = 0; i < 3; i++) {
      const err = await rejection(sendTwilioMessage({ creds, from: FROM, to: '+15558675310', body: 'x' }));
      expect(err).toMatchObject({ status: 503, code: 20503, permanent: false });
    }
    fake.failNext(1, { status: 429, code: 20429 });
    expect(await rejection(sendTwilioMessage({ creds, from: FROM, to: '+15558675310', body: 'x' }))).toMatchObject({ status: 429, permanent: false });
    fake.failNext(1, { status: 500 });
    expect(await rejection(sendTwilioMessage({ creds, from: FROM, to: '+15558675310', body: 'x' }))).toMatchObject({ status: 500, permanent: false });
  });

  it('times out as a transient error (status 0), and the message is then found by reconciliation', async () => {
    const sentAfter = new Date();
    fake.delayNext(2_000);
    const err = await rejection(sendTwilioMessage({ creds, from: FROM, to: '+15551112222', body: 'slow one', timeoutMs: 200 }));
    expect(err).toMatchObject({ status: 0, code: null, permanent: false });
    expect(err.message).toMatch(/timed out/);
    // Still queued (no date_sent): found by the unfiltered pass.
    const found = await findTwilioMessage({ creds, from: FROM, to: '+15551112222', body: 'slow one', sentAfter });
    expect(found).toEqual({ sid: fake.sent.at(-1)!.sid, status: 'queued' });
  });

  it('reports a network error as transient', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const err = await rejection(sendTwilioMessage({ creds: { ...creds, baseUrl: `http://127.0.0.1:${port}` }, from: FROM, to: '+15558675310', body: 'x' }));
    expect(err).toMatchObject({ status: 0, permanent: false });
  });

  it('findTwilioMessage finds the one sent (DateSent filter, paging) and nothing else', async () => {
    const to = '+15553334444';
    const sentAfter = new Date();
    // other messages to the same number with other bodies
    for (let i = 0; i < 3; i++) await sendTwilioMessage({ creds, from: FROM, to, body: `other ${i}` });
    const { sid } = await sendTwilioMessage({ creds, from: FROM, to, body: 'the one', statusCallback: 'http://127.0.0.1:1/none' });
    // mark it sent so it carries a date_sent (the status callback itself fails to connect, which is fine here)
    await fake.postStatus({ sid, status: 'sent' }).catch(() => undefined);
    expect(fake.messages.find((m) => m.sid === sid)?.dateSent).not.toBe(null);
    const before = fake.requests.length;
    expect(await findTwilioMessage({ creds, from: FROM, to, body: 'the one', sentAfter })).toEqual({ sid, status: 'sent' });
    // one list call with Twilio's real filters (DateSent> = the UTC day of sentAfter - 5 s)
    const lists = fake.requests.slice(before);
    expect(lists).toHaveLength(1);
    const q = new URL(lists[0]!.url, 'http://x').searchParams;
    expect(lists[0]!.method).toBe('GET');
    expect(q.get('To')).toBe(to);
    expect(q.get('From')).toBe(FROM);
    expect(q.get('DateSent>')).toBe(new Date(sentAfter.getTime() - 5_000).toISOString().slice(0, 10));
    expect(await findTwilioMessage({ creds, from: FROM, to, body: 'never sent', sentAfter })).toBe(null);
    expect(await findTwilioMessage({ creds, from: '+15009999999', to, body: 'the one', sentAfter })).toBe(null);
    // sent long before sentAfter: not this attempt
    expect(await findTwilioMessage({ creds, from: FROM, to, body: 'the one', sentAfter: new Date(Date.now() + 60_000) })).toBe(null);
  });

  it('findTwilioMessage follows next_page_uri', async () => {
    const to = '+15556667777';
    const sentAfter = new Date();
    const { sid } = await sendTwilioMessage({ creds, from: FROM, to, body: 'deep' });
    for (let i = 0; i < 60; i++) await sendTwilioMessage({ creds, from: FROM, to, body: `newer ${i}` });
    // page 1 holds 50 newer ones; "deep" is on page 2
    expect(await findTwilioMessage({ creds, from: FROM, to, body: 'deep', sentAfter })).toEqual({ sid, status: 'queued' });
  });

  it('fetches media from the fake with Basic auth, following the CDN redirect', async () => {
    const bytes = Buffer.from('\x89PNG fake image bytes');
    const direct = fake.addMedia(bytes, 'image/png');
    const got = await fetchTwilioMedia({ creds, url: direct, maxBytes: 1_000 });
    expect(got.contentType).toBe('image/png');
    expect(got.data.equals(bytes)).toBe(true);
    expect(fake.mediaRequests.at(-1)).toMatchObject({ authorized: true });

    const redirected = fake.addMedia(bytes, 'image/jpeg; charset=binary', { redirect: true });
    const before = fake.mediaRequests.length;
    const viaCdn = await fetchTwilioMedia({ creds, url: redirected, maxBytes: 1_000 });
    expect(viaCdn).toEqual({ contentType: 'image/jpeg', data: bytes });
    expect(fake.mediaRequests.slice(before).map((r) => r.path.split('/')[1])).toEqual(['2010-04-01', 'cdn']);
  });

  it('aborts media past maxBytes and fails without credentials', async () => {
    const url = fake.addMedia(Buffer.alloc(5_000, 1), 'application/pdf');
    await expect(fetchTwilioMedia({ creds, url, maxBytes: 4_999 })).rejects.toThrow(/limit/);
    expect((await fetchTwilioMedia({ creds, url, maxBytes: 5_000 })).data.length).toBe(5_000);
    expect(await rejection(fetchTwilioMedia({ creds: { ...creds, authToken: 'nope' }, url, maxBytes: 10_000 }))).toMatchObject({ status: 401 });
  });

  describe('media host rule (no SSRF)', () => {
    let other: Server;
    let otherUrl: string;
    let hits = 0;
    beforeAll(async () => {
      other = createServer((req, res) => {
        hits++;
        if (req.url === '/redirect-out') {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          res.end();
          return;
        }
        res.end('secret');
      });
      await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
      otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((r) => other.close(() => r()));
    });
    afterEach(() => {
      expect(hits).toBe(0);
    });

    it('refuses a foreign host, a metadata address, another scheme, and credentials in the URL', async () => {
      await expect(fetchTwilioMedia({ creds, url: `${otherUrl}/x`, maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchTwilioMedia({ creds, url: 'http://169.254.169.254/latest/meta-data/', maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchTwilioMedia({ creds, url: 'file:///etc/passwd', maxBytes: 100 })).rejects.toThrow(/refusing/);
      const u = new URL(fake.baseUrl);
      await expect(fetchTwilioMedia({ creds, url: `http://user:pw@${u.host}/x`, maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchTwilioMedia({ creds, url: 'not a url', maxBytes: 100 })).rejects.toThrow(/invalid URL/);
    });

    it('with the real Twilio base URL allows only api.twilio.com and *.twiliocdn.com over https', async () => {
      const real = { ...creds, baseUrl: 'https://api.twilio.com' };
      await expect(fetchTwilioMedia({ creds: real, url: `${otherUrl}/x`, maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchTwilioMedia({ creds: real, url: 'http://api.twilio.com/x', maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchTwilioMedia({ creds: real, url: 'https://api.twilio.com.evil.example/x', maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchTwilioMedia({ creds: real, url: 'https://eviltwiliocdn.com/x', maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchTwilioMedia({ creds: real, url: 'https://media.twiliocdn.com:8443/x', maxBytes: 100 })).rejects.toThrow(/refusing/);
    });
  });

  it('re-checks the host rule on each redirect hop', async () => {
    // A "Twilio" whose media redirects off-host: the adapter must not follow.
    const evil = createServer((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    try {
      await expect(fetchTwilioMedia({ creds: { ...creds, baseUrl: base }, url: `${base}/media/1`, maxBytes: 100 })).rejects.toThrow(/refusing.*169\.254/);
    } finally {
      await new Promise<void>((r) => evil.close(() => r()));
    }
  });

  it('stops after 3 redirects', async () => {
    let n = 0;
    const loop = createServer((_req, res) => {
      n++;
      res.writeHead(302, { location: `/hop${n}` });
      res.end();
    });
    await new Promise<void>((r) => loop.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(loop.address() as AddressInfo).port}`;
    try {
      await expect(fetchTwilioMedia({ creds: { ...creds, baseUrl: base }, url: `${base}/start`, maxBytes: 100 })).rejects.toThrow(/too many redirects/);
      expect(n).toBe(4);
    } finally {
      await new Promise<void>((r) => loop.close(() => r()));
    }
  });

  describe('webhooks posted by the fake', () => {
    let hook: Server;
    let hookUrl: string;
    const received: Array<{ url: string; params: TTwilioParams; valid: boolean }> = [];
    beforeAll(async () => {
      hook = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
          const params: TTwilioParams = {};
          for (const k of new Set(form.keys())) {
            const all = form.getAll(k);
            params[k] = all.length > 1 ? all : all[0]!;
          }
          const url = requestUrlForSignature({ protocol: 'http', host: req.headers.host ?? '', url: req.url ?? '/', trustedProxy: false });
          const header = req.headers['x-twilio-signature'];
          const valid = verifyTwilioSignature({ authToken: fake.authToken, url, params, signature: Array.isArray(header) ? header[0] : header });
          received.push({ url, params, valid });
          if (!header) res.writeHead(400).end();
          else if (!valid) res.writeHead(403).end();
          else {
            res.writeHead(200, { 'content-type': 'text/xml' });
            res.end(url.includes('/inbound') ? twimlResponse('Thanks') : '');
          }
        });
      });
      await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
      hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((r) => hook.close(() => r()));
    });

    it('status callbacks are signed over the StatusCallback URL and parse', async () => {
      const cb = `${hookUrl}/webhooks/twilio/status?tenant=t1`;
      const { sid } = await sendTwilioMessage({ creds, from: FROM, to: '+15558675310', body: 'hi', statusCallback: cb });
      expect(await fake.postStatus({ sid, status: 'undelivered', errorCode: 30003 })).toBe(200);
      const last = received.at(-1)!;
      expect(last.valid).toBe(true);
      expect(last.url).toBe(cb);
      expect(parseTwilioStatus(last.params)).toEqual({ messageSid: sid, status: 'UNDELIVERED', rawStatus: 'undelivered', errorCode: '30003', errorMessage: null });
    });

    it('inbound messages are signed, parse, and their media can be fetched', async () => {
      const image = Buffer.from([1, 2, 3, 4, 5]);
      const r = await fake.postInbound({
        url: `${hookUrl}/webhooks/twilio/inbound`,
        from: '+15005550006',
        to: '+15005550001',
        body: 'See photo',
        media: [{ contentType: 'image/jpeg', bytes: image }],
      });
      expect(r.status).toBe(200);
      expect(r.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>Thanks</Message></Response>');
      const last = received.at(-1)!;
      expect(last.valid).toBe(true);
      const inbound = parseTwilioInbound(last.params);
      expect(inbound).toMatchObject({ messageSid: r.messageSid, accountSid: fake.accountSid, from: '+15005550006', to: '+15005550001', body: 'See photo', optOutType: null });
      expect(inbound.media).toHaveLength(1);
      expect(inbound.media[0]!.contentType).toBe('image/jpeg');
      const got = await fetchTwilioMedia({ creds, url: inbound.media[0]!.url, maxBytes: 100 });
      expect(got.data.equals(image)).toBe(true);
    });

    it('an invalid or missing signature is refused', async () => {
      const base = { url: `${hookUrl}/webhooks/twilio/inbound`, from: '+15005550006', to: '+15005550001', body: 'STOP' };
      expect((await fake.postInbound({ ...base, signature: 'invalid' })).status).toBe(403);
      expect((await fake.postInbound({ ...base, signature: 'missing' })).status).toBe(400);
      const ok = await fake.postInbound({ ...base, messageSid: 'SM' + '0'.repeat(32) });
      expect(ok).toMatchObject({ status: 200, messageSid: 'SM' + '0'.repeat(32) });
      expect(parseTwilioInbound(received.at(-1)!.params).optOutType).toBe('STOP');
    });
  });
});
