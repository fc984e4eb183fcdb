import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeViber, type TFakeViber } from '../../../test/fakes/fake-viber';
import { encryptSecret } from '../../lib/crypto';
import { ChannelSendError, type TChannelCompany, type TOutboundMessage } from '../channel.types';
import { buildViberRequests, createViberChannel, viberTokenOf } from './viber-channel';
import { fetchViberMedia, isViberMediaUrlAllowed, parseViberJson, sendViberMessage, ViberError, VIBER_API_URL } from './viber-client';
import { buildViberWelcome, computeViberSignature, parseViberCallback, verifyViberSignature, viberSenderOf } from './viber-webhooks';

const VECTOR = {
  token: 'test_viber_token',
  body: '{"event":"seen","timestamp":1457764197627,"message_token":4912661846655238145,"user_id":"jc9HsWTZ2Yf2NkRZ8KcNug=="}',
  signature: '252cbcb53e112472b656dade8ee3cc44eb15ba599fab9ddac37ca19bd2f36459',
};

async function rejection(p: Promise<unknown>): Promise<ViberError> {
  try {
    await p;
  } catch (err) {
    return err as ViberError;
  }
  throw new Error('expected a rejection');
}

describe('X-Viber-Content-Signature', () => {
  it('matches the protocol reference test vector', () => {
    expect(computeViberSignature({ token: VECTOR.token, body: VECTOR.body })).toBe(VECTOR.signature);
    expect(computeViberSignature({ token: VECTOR.token, body: Buffer.from(VECTOR.body) })).toBe(VECTOR.signature);
    expect(verifyViberSignature({ token: VECTOR.token, body: Buffer.from(VECTOR.body), signature: VECTOR.signature })).toBe(true);
    // hex is case-insensitive
    expect(verifyViberSignature({ token: VECTOR.token, body: VECTOR.body, signature: VECTOR.signature.toUpperCase() })).toBe(true);
  });

  it('refuses a changed body, another token, a missing or malformed signature', () => {
    expect(verifyViberSignature({ token: VECTOR.token, body: VECTOR.body.replace('seen', 'delivered'), signature: VECTOR.signature })).toBe(false);
    // one space more: the raw bytes are signed, not the parsed JSON
    expect(verifyViberSignature({ token: VECTOR.token, body: VECTOR.body.replace(',', ', '), signature: VECTOR.signature })).toBe(false);
    expect(verifyViberSignature({ token: 'other', body: VECTOR.body, signature: VECTOR.signature })).toBe(false);
    expect(verifyViberSignature({ token: VECTOR.token, body: VECTOR.body, signature: undefined })).toBe(false);
    expect(verifyViberSignature({ token: VECTOR.token, body: VECTOR.body, signature: VECTOR.signature.slice(0, 63) })).toBe(false);
    expect(verifyViberSignature({ token: VECTOR.token, body: VECTOR.body, signature: `sha256=${VECTOR.signature}` })).toBe(false);
    expect(verifyViberSignature({ token: '', body: VECTOR.body, signature: VECTOR.signature })).toBe(false);
  });
});

describe('parsing with exact message tokens', () => {
  it('JSON.parse alone would round the token (why the raw text is pre-processed)', () => {
    expect(String((JSON.parse(VECTOR.body) as { message_token: number }).message_token)).not.toBe('4912661846655238145');
  });

  it('keeps integers beyond 2^53 exact as strings, leaving safe numbers, decimals and strings alone', () => {
    const text =
      '{"a":9007199254740993,"b":-18446744073709551615,"c":1457764197627,"d":1.5,"e":2e21,"f":"12345678901234567890",' +
      '"g":"quote \\" 98765432109876543210 \\\\","h":[1,99999999999999999999,{"i":123456789012345678901}],"j":null,"k":true}';
    expect(parseViberJson(text)).toEqual({
      a: '9007199254740993',
      b: '-18446744073709551615',
      c: 1457764197627,
      d: 1.5,
      e: 2e21,
      f: '12345678901234567890',
      g: 'quote " 98765432109876543210 \\',
      h: [1, '99999999999999999999', { i: '123456789012345678901' }],
      j: null,
      k: true,
    });
    expect(parseViberJson('{ "message_token" :\n 5741311803571721087 }')).toEqual({ message_token: '5741311803571721087' });
    expect(() => parseViberJson('{"a":')).toThrow();
  });

  it('parses the test-vector callback with its token as the exact string', () => {
    expect(parseViberCallback(Buffer.from(VECTOR.body))).toEqual({ event: 'seen', messageToken: '4912661846655238145', userId: 'jc9HsWTZ2Yf2NkRZ8KcNug==', desc: null });
  });

  it('parses every callback kind', () => {
    const msg = parseViberCallback(
      '{"event":"message","timestamp":1,"message_token":18446744073709551615,"sender":{"id":"01234567890A=","name":"John Smith"},' +
        '"message":{"type":"picture","text":"see","media":"https://dl-media.viber.com/1/p.jpg"},"silent":false}',
    );
    expect(msg).toEqual({
      event: 'message',
      messageToken: '18446744073709551615',
      sender: { id: '01234567890A=', name: 'John Smith' },
      text: 'see',
      media: [{ url: 'https://dl-media.viber.com/1/p.jpg', contentType: 'image/jpeg' }],
      trackingData: null,
    });
    const file = parseViberCallback(
      '{"event":"message","message_token":1,"sender":{"id":"u"},"message":{"type":"file","media":"https://x.cdn.viber.com/f","file_name":"Invoice.PDF","size":3}}',
    );
    expect(file).toMatchObject({ text: '', media: [{ contentType: 'application/pdf' }], sender: { id: 'u', name: null } });
    expect(parseViberCallback('{"event":"message","message_token":2,"sender":{"id":"u"},"message":{"type":"location","location":{"lat":50.5,"lon":30.25}}}')).toMatchObject({
      text: 'Location: 50.5, 30.25',
      media: [],
    });
    expect(parseViberCallback('{"event":"message","message_token":3,"sender":{"id":"u"},"message":{"type":"text","text":"a\\u0000b"}}')).toMatchObject({ text: 'ab' });
    expect(parseViberCallback('{"event":"failed","message_token":4912661846655238145,"user_id":"u","desc":"failure desc"}')).toEqual({
      event: 'failed',
      messageToken: '4912661846655238145',
      userId: 'u',
      desc: 'failure desc',
    });
    expect(parseViberCallback('{"event":"subscribed","user":{"id":"u1","name":"Ann"},"message_token":1}')).toEqual({ event: 'subscribed', userId: 'u1', name: 'Ann' });
    expect(parseViberCallback('{"event":"unsubscribed","user_id":"u1","message_token":1}')).toEqual({ event: 'unsubscribed', userId: 'u1' });
    expect(parseViberCallback('{"event":"conversation_started","type":"open","context":"ctx","user":{"id":"u2"},"subscribed":false,"message_token":1}')).toEqual({
      event: 'conversation_started',
      userId: 'u2',
      name: null,
      subscribed: false,
      context: 'ctx',
    });
    expect(parseViberCallback('{"event":"webhook","timestamp":1,"message_token":5}')).toEqual({ event: 'webhook' });
    expect(parseViberCallback('{"event":"client_status"}')).toEqual({ event: 'unknown', name: 'client_status' });
  });

  it('refuses malformed callbacks', () => {
    for (const bad of ['not json', '[]', '{}', '{"event":"seen","user_id":"u"}', '{"event":"message","message_token":1,"message":{"type":"text"}}', '{"event":"message","message_token":1,"sender":{"id":"u"}}', '{"event":"unsubscribed","message_token":1}', '{"event":"seen","message_token":1.5}']) {
      expect(() => parseViberCallback(bad), bad).toThrow(/Viber/);
    }
  });
});

describe('welcome and sender', () => {
  it('cuts the sender name to 28 characters (by code point) and adds the avatar', () => {
    expect(viberSenderOf({ companyName: 'A very long company name that goes on' })).toEqual({ name: 'A very long company name tha' });
    expect(viberSenderOf({ companyName: '😀'.repeat(30), avatar: 'https://x/a.png' })).toEqual({ name: '😀'.repeat(28), avatar: 'https://x/a.png' });
  });

  it('builds the conversation_started answer from the company settings', () => {
    expect(buildViberWelcome({ companyName: 'Shop', ocs: {} })).toBe(null);
    expect(buildViberWelcome({ companyName: 'Shop', ocs: { viberOnConversationStartedMessage: '  ' } })).toBe(null);
    expect(buildViberWelcome({ companyName: 'Shop', ocs: { viberOnConversationStartedMessage: 'Welcome!' } })).toEqual({ type: 'text', sender: { name: 'Shop' }, text: 'Welcome!' });
    const withButton = buildViberWelcome({
      companyName: 'Shop',
      ocs: { viberOnConversationStartedMessage: 'Hi', viberOnConversationStartedButtonText: 'Start', viberOnConversationStartedBackgroundColor: 'f0a', viberBotPicture: 'https://x/p.png' },
    });
    expect(withButton).toMatchObject({
      sender: { name: 'Shop', avatar: 'https://x/p.png' },
      keyboard: { Type: 'keyboard', Buttons: [{ ActionType: 'reply', ActionBody: 'Start', Text: 'Start', BgColor: '#FF00AA' }] },
    });
    const noColour = buildViberWelcome({ companyName: 'Shop', ocs: { viberOnConversationStartedMessage: 'Hi', viberOnConversationStartedButtonText: 'Go', viberOnConversationStartedBackgroundColor: 'blue' } });
    expect((noColour!.keyboard as { Buttons: Record<string, unknown>[] }).Buttons[0]).not.toHaveProperty('BgColor');
  });
});

const KEY = randomBytes(32);
function company(ocs: Record<string, unknown>, name = 'Main Street Motors'): TChannelCompany {
  return { id: 1, name, slug: 'm', ocs } as unknown as TChannelCompany;
}
function outbound(o: Partial<TOutboundMessage> & { company: TChannelCompany }): TOutboundMessage {
  return { messageId: 1, type: 'STANDARD', to: { phone: null, viberUserId: 'U1==' }, body: '', mediaUrls: [], media: [], ...o };
}

describe('outbound requests', () => {
  const c = company({ viberBotPicture: 'https://cdn.example/bot.png' });
  const png = { url: 'https://app.example/storage/p.png?sig=1', mimeType: 'image/png', fileName: 'p.png', size: 10 };
  const pdf = { url: 'https://app.example/storage/a.pdf?sig=2', mimeType: 'application/pdf', fileName: 'a.pdf', size: 2048 };
  const webp = { url: 'https://app.example/storage/w.webp?sig=3', mimeType: 'image/webp', fileName: 'w.webp', size: 5 };
  const sender = { name: 'Main Street Motors', avatar: 'https://cdn.example/bot.png' };

  it('text alone; a picture carries a short body as its caption; files come after the text', () => {
    expect(buildViberRequests(outbound({ company: c, body: 'Hello' }))).toEqual([{ receiver: 'U1==', sender, type: 'text', text: 'Hello' }]);
    expect(buildViberRequests(outbound({ company: c, body: 'Look', media: [png, pdf] }))).toEqual([
      { receiver: 'U1==', sender, type: 'picture', text: 'Look', media: png.url },
      { receiver: 'U1==', sender, type: 'file', media: pdf.url, size: 2048, file_name: 'a.pdf' },
    ]);
    expect(buildViberRequests(outbound({ company: c, body: 'Docs', media: [pdf, png] })).map((r) => [r.type, r.text])).toEqual([
      ['text', 'Docs'],
      ['file', undefined],
      ['picture', ''],
    ]);
  });

  it('a body too long for a caption goes as text first; non-JPEG/PNG/GIF images go as files', () => {
    const long = 'x'.repeat(121);
    expect(buildViberRequests(outbound({ company: c, body: long, media: [png] })).map((r) => [r.type, r.text])).toEqual([
      ['text', long],
      ['picture', ''],
    ]);
    expect(buildViberRequests(outbound({ company: c, media: [webp] }))).toEqual([{ receiver: 'U1==', sender, type: 'file', media: webp.url, size: 5, file_name: 'w.webp' }]);
  });
});

describe('against the fake Viber API', () => {
  let fake: TFakeViber;
  beforeAll(async () => {
    fake = await startFakeViber();
  });
  afterAll(async () => {
    await fake.close();
  });
  const msg = (receiver = 'R1==') => ({ receiver, type: 'text' as const, sender: { name: 'Shop' }, text: 'hi' });

  it('sends with X-Viber-Auth-Token and returns the token exactly', async () => {
    fake.setNextToken('18446744073709551557');
    const res = await sendViberMessage({ apiUrl: fake.apiUrl, token: fake.token, message: msg() });
    expect(res).toEqual({ messageToken: '18446744073709551557' });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/pa/send_message', authToken: fake.token, status: 0 });
    expect(fake.sent.at(-1)).toMatchObject({ receiver: 'R1==', type: 'text', text: 'hi', sender: { name: 'Shop' } });
    const next = await sendViberMessage({ apiUrl: `${fake.apiUrl}/`, token: fake.token, message: msg() });
    expect(BigInt(next.messageToken) > 2n ** 53n).toBe(true);
  });

  it('maps Viber statuses: 2, 5, 6 permanent; 12 retryable; 5xx retryable; no answer retryable with unknown outcome', async () => {
    expect(await rejection(sendViberMessage({ apiUrl: fake.apiUrl, token: 'wrong', message: msg() }))).toMatchObject({ viberStatus: 2, permanent: true });
    fake.unsubscribe('GONE==');
    const six = await rejection(sendViberMessage({ apiUrl: fake.apiUrl, token: fake.token, message: msg('GONE==') }));
    expect(six).toMatchObject({ viberStatus: 6, permanent: true, outcomeUnknown: false });
    expect(six.message).toMatch(/receiverNotSubscribed/);
    fake.failNext(1, { status: 5 });
    expect(await rejection(sendViberMessage({ apiUrl: fake.apiUrl, token: fake.token, message: msg() }))).toMatchObject({ viberStatus: 5, permanent: true });
    fake.failNext(1, { status: 12 });
    expect(await rejection(sendViberMessage({ apiUrl: fake.apiUrl, token: fake.token, message: msg() }))).toMatchObject({ viberStatus: 12, permanent: false });
    fake.failNext(1, { httpStatus: 502 });
    expect(await rejection(sendViberMessage({ apiUrl: fake.apiUrl, token: fake.token, message: msg() }))).toMatchObject({ viberStatus: null, httpStatus: 502, permanent: false });
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    expect(await rejection(sendViberMessage({ apiUrl: `http://127.0.0.1:${port}/pa`, token: fake.token, message: msg() }))).toMatchObject({
      httpStatus: 0,
      permanent: false,
      outcomeUnknown: true,
    });
  });

  it('the adapter: availability, reach, send, and provider errors as ChannelSendError', async () => {
    const adapter = createViberChannel({ encryptionKey: KEY, apiUrl: fake.apiUrl });
    const good = company({ viberToken: encryptSecret(KEY, fake.token) });
    expect(adapter.isAvailable(good)).toBe(true);
    expect(viberTokenOf({ company: good, encryptionKey: KEY })).toBe(fake.token);
    // encrypted under another key: not configured
    expect(adapter.isAvailable(company({ viberToken: encryptSecret(randomBytes(32), fake.token) }))).toBe(false);
    expect(adapter.isAvailable(company({}))).toBe(false);
    expect(adapter.canReach({ phone: '+15550001111', viberUserId: null })).toBe(false);
    expect(adapter.canReach({ phone: null, viberUserId: 'U==' })).toBe(true);

    fake.setNextToken('9223372036854775807');
    const res = await adapter.send(outbound({ company: good, body: 'Hello', to: { phone: null, viberUserId: 'A1==' } }));
    expect(res).toEqual({ providerMessageId: '9223372036854775807', status: 'SENT' });
    expect(fake.sent.at(-1)).toMatchObject({ receiver: 'A1==', text: 'Hello', sender: { name: 'Main Street Motors' } });

    fake.unsubscribe('B1==');
    const err = await adapter.send(outbound({ company: good, body: 'x', to: { phone: null, viberUserId: 'B1==' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChannelSendError);
    expect((err as ChannelSendError).opts).toMatchObject({ permanent: true, code: '6' });
    fake.failNext(1, { status: 12 });
    expect(((await adapter.send(outbound({ company: good, body: 'x' })).catch((e: unknown) => e)) as ChannelSendError).opts).toMatchObject({ permanent: false, code: '12' });
    expect(await adapter.findSent({ ...outbound({ company: good }), attemptStartedAt: new Date() })).toBe(null);
    await expect(adapter.send(outbound({ company: company({}), body: 'x' }))).rejects.toMatchObject({ opts: { permanent: true, code: 'not_configured' } });
  });

  it('one request per part, returning the first token; a failure after the first part is permanent (a retry would duplicate it)', async () => {
    const adapter = createViberChannel({ encryptionKey: KEY, apiUrl: fake.apiUrl });
    const good = company({ viberToken: encryptSecret(KEY, fake.token) });
    const pdf = { url: 'https://app.example/a.pdf', mimeType: 'application/pdf', fileName: 'a.pdf', size: 3 };
    const png = { url: 'https://app.example/p.png', mimeType: 'image/png', fileName: 'p.png', size: 3 };
    const before = fake.sent.length;
    const ok = await adapter.send(outbound({ company: good, body: 'both', media: [pdf, png], to: { phone: null, viberUserId: 'D1==' } }));
    const parts = fake.sent.slice(before);
    expect(parts.map((p) => p.type)).toEqual(['text', 'file', 'picture']);
    expect(ok.providerMessageId).toBe(parts[0]!.messageToken);

    fake.failNext(1, { status: 12 }, { after: 1 });
    const err = (await adapter.send(outbound({ company: good, body: 'first', media: [pdf] })).catch((e: unknown) => e)) as ChannelSendError;
    expect(err).toBeInstanceOf(ChannelSendError);
    expect(err.message).toMatch(/accepted 1 of 2 parts/);
    expect(err.opts).toMatchObject({ permanent: true, code: '12', outcomeUnknown: false });
  });
});

describe('inbound media download', () => {
  let fake: TFakeViber;
  let other: Server;
  let otherUrl: string;
  let hits = 0;
  beforeAll(async () => {
    fake = await startFakeViber();
    other = createServer((req, res) => {
      hits++;
      res.end('secret');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise<void>((r) => other.close(() => r()));
  });
  afterEach(() => {
    expect(hits).toBe(0);
  });

  it('fetches from the configured API origin without sending the token, within maxBytes', async () => {
    const bytes = Buffer.from('\xff\xd8 jpeg bytes');
    const url = fake.addMedia(bytes, 'image/jpeg');
    const adapter = createViberChannel({ encryptionKey: KEY, apiUrl: fake.apiUrl });
    const got = await adapter.downloadMedia!({ company: company({}), ref: url, maxBytes: 100 });
    expect(got).toEqual({ contentType: 'image/jpeg', data: bytes });
    expect(fake.mediaRequests.at(-1)!.headers['x-viber-auth-token']).toBeUndefined();
    await expect(fetchViberMedia({ apiUrl: fake.apiUrl, url: fake.addMedia(Buffer.alloc(500), 'image/png'), maxBytes: 499 })).rejects.toThrow(/limit/);
  });

  it('refuses other hosts, plain http, ports, credentials, and lookalike domains', async () => {
    await expect(fetchViberMedia({ apiUrl: fake.apiUrl, url: `${otherUrl}/x`, maxBytes: 100 })).rejects.toThrow(/refusing/);
    await expect(fetchViberMedia({ apiUrl: fake.apiUrl, url: 'http://169.254.169.254/latest/meta-data/', maxBytes: 100 })).rejects.toThrow(/refusing/);
    await expect(fetchViberMedia({ apiUrl: fake.apiUrl, url: 'file:///etc/passwd', maxBytes: 100 })).rejects.toThrow(/refusing/);
    await expect(fetchViberMedia({ apiUrl: fake.apiUrl, url: 'not a url', maxBytes: 100 })).rejects.toThrow(/invalid URL/);
    const real = VIBER_API_URL;
    const allowed = (u: string) => isViberMediaUrlAllowed(new URL(u), real);
    expect(allowed('https://dl-media.viber.com/5/media/2/short/any/p/1b/0c/x.jpg')).toBe(true);
    expect(allowed('https://media-direct.cdn.viber.com/pg_download?id=1')).toBe(true);
    expect(allowed('https://viber.com/x')).toBe(true);
    expect(allowed('http://dl-media.viber.com/x')).toBe(false);
    expect(allowed('https://dl-media.viber.com:8443/x')).toBe(false);
    expect(allowed('https://evilviber.com/x')).toBe(false);
    expect(allowed('https://dl-media.viber.com.evil.example/x')).toBe(false);
    expect(allowed('https://u:p@dl-media.viber.com/x')).toBe(false);
    expect(allowed(`${otherUrl}/x`)).toBe(false);
  });

  it('re-checks the host rule on every redirect hop', async () => {
    const evil = createServer((_req, res) => {
      res.writeHead(302, { location: otherUrl + '/after-redirect' });
      res.end();
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    try {
      await expect(fetchViberMedia({ apiUrl: `${base}/pa`, url: `${base}/media/1`, maxBytes: 100 })).rejects.toThrow(/refusing/);
    } finally {
      await new Promise<void>((r) => evil.close(() => r()));
    }
  });
});
