import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWhatsApp, type TFakeWhatsApp } from '../../../test/fakes/fake-whatsapp';
import { encryptSecret } from '../../lib/crypto';
import { ChannelSendError, type TChannelCompany, type TOutboundMessage } from '../channel.types';
import {
  fetchWhatsAppMedia,
  mapWhatsAppStatus,
  sendWhatsAppMessage,
  templateParameterText,
  WhatsAppError,
  whatsAppMediaHostAllowed,
  whatsAppMediaTypeOf,
  type TWhatsAppCredentials,
} from './whatsapp-client';
import { createWhatsAppChannel, whatsAppCredentialsOf } from './whatsapp-channel';
import { answerWhatsAppHandshake, computeWhatsAppSignature, parseWhatsAppNotification, verifyWhatsAppSignature } from './whatsapp-webhooks';

// protocols/channels-and-live.md §2, "Computed test vector".
const VECTOR_SECRET = 'test_app_secret';
const VECTOR_BODY =
  '{"object":"whatsapp_business_account","entry":[{"id":"102290129340398","changes":[{"field":"messages","value":{"messaging_product":"whatsapp","metadata":{"display_phone_number":"15550783881","phone_number_id":"106540352242922"},"contacts":[{"profile":{"name":"Sheena"},"wa_id":"16505551234"}],"messages":[{"from":"16505551234","id":"wamid.TEST1","timestamp":"1739321024","type":"text","text":{"body":"Hi"}}]}}]}]}';
const VECTOR_SIGNATURE = 'sha256=84f861a365980b6ef96e7d44e6d6eca7f4dca2c1603d65939c1af1271d5f51c2';

async function rejection<T extends Error>(p: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as T;
  }
  throw new Error('expected a rejection');
}

/** A notification with one change value, as Meta wraps it. */
function notification(value: Record<string, unknown>) {
  return { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '42' }, ...value } }] }] };
}
const inbound = (message: Record<string, unknown>) => parseWhatsAppNotification(notification({ messages: [{ from: '16505551234', id: 'wamid.X', timestamp: '1739321024', ...message }] })).messages[0]!;

describe('X-Hub-Signature-256', () => {
  it('matches the test vector from the protocol reference', () => {
    expect(computeWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: Buffer.from(VECTOR_BODY, 'utf8') })).toBe(VECTOR_SIGNATURE);
    expect(verifyWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: Buffer.from(VECTOR_BODY, 'utf8'), signature: VECTOR_SIGNATURE })).toBe(true);
    // Hex case does not matter.
    expect(verifyWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: Buffer.from(VECTOR_BODY), signature: VECTOR_SIGNATURE.toUpperCase() })).toBe(true);
  });

  it('fails for other bytes (even the same JSON re-encoded), another secret, a missing or malformed header', () => {
    const raw = Buffer.from(VECTOR_BODY, 'utf8');
    const reencoded = Buffer.from(JSON.stringify(JSON.parse(VECTOR_BODY), null, 1));
    expect(verifyWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: reencoded, signature: VECTOR_SIGNATURE })).toBe(false);
    const flipped = Buffer.from(raw);
    flipped[flipped.length - 10] = flipped[flipped.length - 10]! ^ 1;
    expect(verifyWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: flipped, signature: VECTOR_SIGNATURE })).toBe(false);
    expect(verifyWhatsAppSignature({ appSecret: 'other', rawBody: raw, signature: VECTOR_SIGNATURE })).toBe(false);
    expect(verifyWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: raw, signature: undefined })).toBe(false);
    expect(verifyWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: raw, signature: VECTOR_SIGNATURE.slice(7) })).toBe(false);
    expect(verifyWhatsAppSignature({ appSecret: VECTOR_SECRET, rawBody: raw, signature: 'sha1=abc' })).toBe(false);
    expect(verifyWhatsAppSignature({ appSecret: '', rawBody: raw, signature: VECTOR_SIGNATURE })).toBe(false);
  });

  it('the handshake echoes the challenge only for subscribe + the right token', () => {
    const base = { mode: 'subscribe', verifyToken: 'tok', challenge: '1158201444', expectedToken: 'tok' };
    expect(answerWhatsAppHandshake(base)).toBe('1158201444');
    expect(answerWhatsAppHandshake({ ...base, verifyToken: 'tok2' })).toBe(null);
    expect(answerWhatsAppHandshake({ ...base, mode: 'unsubscribe' })).toBe(null);
    expect(answerWhatsAppHandshake({ ...base, expectedToken: null })).toBe(null);
    expect(answerWhatsAppHandshake({ ...base, challenge: undefined })).toBe(null);
  });
});

describe('notification parsing', () => {
  it('reads the vector: sender, name, body, wamid, number and timestamp', () => {
    expect(parseWhatsAppNotification(JSON.parse(VECTOR_BODY))).toEqual({
      messages: [
        {
          wamid: 'wamid.TEST1',
          from: '16505551234',
          name: 'Sheena',
          type: 'text',
          body: 'Hi',
          media: [],
          timestamp: new Date(1739321024 * 1000),
          phoneNumberId: '106540352242922',
        },
      ],
      statuses: [],
    });
  });

  it('media carry the media id and mime type; the caption is the body', () => {
    expect(inbound({ type: 'image', image: { id: '1234', mime_type: 'image/jpeg', sha256: 'x', caption: 'My car' } })).toMatchObject({ body: 'My car', media: [{ url: '1234', contentType: 'image/jpeg' }] });
    expect(inbound({ type: 'document', document: { id: '99', mime_type: 'application/pdf', filename: 'a.pdf' } })).toMatchObject({ body: '', media: [{ url: '99', contentType: 'application/pdf' }] });
    expect(inbound({ type: 'audio', audio: { id: '7', mime_type: 'audio/ogg; codecs=opus', voice: true } }).media).toEqual([{ url: '7', contentType: 'audio/ogg; codecs=opus' }]);
    expect(inbound({ type: 'sticker', sticker: { id: '8', mime_type: 'image/webp', animated: false } }).media).toHaveLength(1);
  });

  it('other types become readable text', () => {
    expect(inbound({ type: 'location', location: { latitude: 37.483307, longitude: -122.148981, name: 'Pablo Morales', address: '1 Hacker Way' } }).body).toBe('📍 37.483307,-122.148981 (Pablo Morales, 1 Hacker Way)');
    expect(inbound({ type: 'location', location: { latitude: 1.5, longitude: 2 } }).body).toBe('📍 1.5,2');
    expect(inbound({ type: 'reaction', reaction: { message_id: 'wamid.Y', emoji: '👍' } }).body).toBe('Reacted 👍');
    expect(inbound({ type: 'reaction', reaction: { message_id: 'wamid.Y' } }).body).toBe('Removed a reaction');
    expect(inbound({ type: 'button', button: { text: 'Yes, book it', payload: 'BOOK' } }).body).toBe('Yes, book it');
    expect(inbound({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Tomorrow' } } }).body).toBe('Tomorrow');
    expect(inbound({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Oil change', description: '30 min' } } }).body).toBe('Oil change — 30 min');
    expect(inbound({ type: 'contacts', contacts: [{ name: { formatted_name: 'Ann Lee' }, phones: [{ phone: '+1 555 0100' }] }] }).body).toBe('👤 Ann Lee, +1 555 0100');
    expect(inbound({ type: 'order', order: { catalog_id: 'c', product_items: [{}, {}] } }).body).toBe('🛒 Order: 2 items');
    expect(inbound({ type: 'system', system: { body: 'User changed number' } }).body).toBe('User changed number');
    expect(inbound({ type: 'unsupported', errors: [{ code: 131051 }] }).body).toBe('[Unsupported WhatsApp message: unsupported]');
    expect(inbound({ type: 'hologram', hologram: { x: 1 } }).body).toBe('[Unsupported WhatsApp message: hologram]');
    expect(inbound({ type: 'interactive', interactive: 'junk' }).body).toBe('[WhatsApp interactive reply]');
  });

  it('statuses: mapping, errors, callback data; unknown status values map to null', () => {
    const parsed = parseWhatsAppNotification(
      notification({
        statuses: [
          { id: 'wamid.A', status: 'delivered', timestamp: '1750857384', recipient_id: '16505551234', biz_opaque_callback_data: '77' },
          { id: 'wamid.B', status: 'failed', timestamp: '1750857385', recipient_id: '16505551234', errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', error_data: { details: 'More than 24 hours' } }] },
          { id: 'wamid.C', status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'Receiver is incapable' } }] },
          { id: 'wamid.D', status: 'deleted' },
          { status: 'read' },
        ],
      }),
    );
    expect(parsed.statuses).toEqual([
      { wamid: 'wamid.A', status: 'DELIVERED', rawStatus: 'delivered', recipientId: '16505551234', timestamp: new Date(1750857384000), errorCode: null, errorMessage: null, phoneNumberId: '42', callbackData: '77' },
      expect.objectContaining({ wamid: 'wamid.B', status: 'FAILED', errorCode: '131047', errorMessage: expect.stringContaining('24 hours') }),
      expect.objectContaining({ wamid: 'wamid.C', status: 'FAILED', errorCode: '131026', errorMessage: 'Receiver is incapable' }),
      expect.objectContaining({ wamid: 'wamid.D', status: null, rawStatus: 'deleted' }),
    ]);
    expect(['sent', 'delivered', 'read', 'failed', 'READ', 'warning'].map(mapWhatsAppStatus)).toEqual(['SENT', 'DELIVERED', 'READ', 'FAILED', 'READ', null]);
  });

  it('never throws on junk, and reads every entry and change', () => {
    for (const junk of [null, 42, 'x', [], {}, { entry: 'x' }, { entry: [null, { changes: 'x' }, { changes: [null, { value: [] }, { field: 'messages', value: { messages: [null, { id: 5 }, { from: '1' }], statuses: 'x' } }] }] }])
      expect(parseWhatsAppNotification(junk)).toEqual({ messages: [], statuses: [] });
    const two = {
      entry: [
        { changes: [{ field: 'messages', value: { messages: [{ id: 'w1', from: '1', type: 'text', text: { body: 'a' } }] } }] },
        { changes: [{ field: 'account_update', value: { messages: [{ id: 'ignored', from: '1' }] } }, { field: 'messages', value: { messages: [{ id: 'w2', from: '2', type: 'text', text: { body: 'b' } }], statuses: [{ id: 'w0', status: 'read' }] } }] },
      ],
    };
    const parsed = parseWhatsAppNotification(two);
    expect(parsed.messages.map((m) => [m.wamid, m.body])).toEqual([['w1', 'a'], ['w2', 'b']]);
    expect(parsed.statuses.map((s) => s.status)).toEqual(['READ']);
  });
});

describe('helpers', () => {
  it('media type by mime: only formats the Cloud API takes as image/video/audio, the rest as document', () => {
    expect(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/quicktime', 'audio/mpeg', 'audio/ogg', 'audio/webm', 'audio/wav', 'application/pdf'].map(whatsAppMediaTypeOf)).toEqual([
      'image', 'image', 'document', 'document', 'video', 'document', 'audio', 'audio', 'document', 'document', 'document',
    ]);
  });
  it('template parameters lose newlines, tabs and long space runs', () => {
    expect(templateParameterText('Hi Ann,\n\nyour car\tis ready.      Bye ')).toBe('Hi Ann, your car is ready.    Bye');
  });
  it('media host rule: Meta hosts over https, or the configured Graph origin', () => {
    const real = 'https://graph.facebook.com';
    const ok = (u: string, g = real) => whatsAppMediaHostAllowed(new URL(u), g);
    expect(ok('https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1')).toBe(true);
    expect(ok('https://scontent.xx.fbcdn.net/v/t1')).toBe(true);
    expect(ok('https://graph.facebook.com/v21.0/1')).toBe(true);
    expect(ok('http://lookaside.fbsbx.com/x')).toBe(false);
    expect(ok('https://lookaside.fbsbx.com:8443/x')).toBe(false);
    expect(ok('https://evilfbcdn.net/x')).toBe(false);
    expect(ok('https://fbcdn.net.evil.example/x')).toBe(false);
    expect(ok('https://user:pw@lookaside.fbsbx.com/x')).toBe(false);
    expect(ok('http://169.254.169.254/latest/meta-data/')).toBe(false);
    expect(ok('http://127.0.0.1:9999/x', 'http://127.0.0.1:9999')).toBe(true);
    expect(ok('http://127.0.0.1:9998/x', 'http://127.0.0.1:9999')).toBe(false);
  });
});

describe('client and adapter against the fake Graph API', () => {
  let fake: TFakeWhatsApp;
  let creds: TWhatsAppCredentials;
  const key = randomBytes(32);
  let company: TChannelCompany;
  const channel = () => createWhatsAppChannel({ encryptionKey: key, graphUrl: fake.baseUrl, apiVersion: fake.apiVersion });
  const outbound = (o: Partial<TOutboundMessage> = {}): TOutboundMessage => ({
    company,
    messageId: 501,
    type: 'STANDARD',
    to: { phone: '+16505551234', viberUserId: null },
    body: 'Hello',
    mediaUrls: [],
    media: [],
    ...o,
  });

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    creds = { accessToken: fake.accessToken, phoneNumberId: fake.phoneNumberId, graphUrl: fake.baseUrl, apiVersion: fake.apiVersion };
    company = { id: 1, slug: 'acme', ocs: { whatsAppAccessToken: encryptSecret(key, fake.accessToken), whatsAppPhoneNumberId: fake.phoneNumberId } } as unknown as TChannelCompany;
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('availability needs a decryptable token and a phone number id', () => {
    const c = channel();
    expect(c.isAvailable(company)).toBe(true);
    expect(c.isAvailable({ ...company, ocs: { whatsAppPhoneNumberId: '1' } } as TChannelCompany)).toBe(false);
    expect(c.isAvailable({ ...company, ocs: { whatsAppAccessToken: encryptSecret(key, 't') } } as TChannelCompany)).toBe(false);
    // Encrypted under another key: treated as not configured.
    const foreign = { ...company, ocs: { whatsAppAccessToken: encryptSecret(randomBytes(32), 't'), whatsAppPhoneNumberId: '1' } } as TChannelCompany;
    expect(c.isAvailable(foreign)).toBe(false);
    expect(whatsAppCredentialsOf({ company: foreign, encryptionKey: key, graphUrl: fake.baseUrl, apiVersion: 'v21.0' })).toBe(null);
    expect(c.canReach({ phone: '+1555', viberUserId: null })).toBe(true);
    expect(c.canReach({ phone: null, viberUserId: 'v' })).toBe(false);
  });

  it('sends text to the digits of the phone, with our message id as callback data', async () => {
    const res = await channel().send(outbound());
    const got = fake.sent.at(-1)!;
    expect(res).toEqual({ providerMessageId: got.wamid, status: 'SENT' });
    expect(got).toMatchObject({ to: '16505551234', type: 'text', text: 'Hello', callbackData: '501' });
    expect(got.body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual', text: { body: 'Hello', preview_url: false } });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', url: `/${fake.apiVersion}/${fake.phoneNumberId}/messages`, authorized: true });
  });

  it('sends one request per attachment, caption on the first, and returns the first wamid', async () => {
    const before = fake.sent.length;
    const media = [
      { url: 'https://app.test/storage/1/a.png?sig=1', mimeType: 'image/png', fileName: 'a.png', size: 10 },
      { url: 'https://app.test/storage/1/b.pdf?sig=2', mimeType: 'application/pdf', fileName: 'quote.pdf', size: 20 },
    ];
    const res = await channel().send(outbound({ body: 'Your quote', media, mediaUrls: media.map((m) => m.url) }));
    const parts = fake.sent.slice(before);
    expect(parts.map((p) => [p.type, p.link, p.caption, p.filename])).toEqual([
      ['image', media[0]!.url, 'Your quote', null],
      ['document', media[1]!.url, null, 'quote.pdf'],
    ]);
    expect(res.providerMessageId).toBe(parts[0]!.wamid);
  });

  it('audio takes no caption: the text goes first as its own message', async () => {
    const before = fake.sent.length;
    const media = [{ url: 'https://app.test/storage/1/v.mp3', mimeType: 'audio/mpeg', fileName: 'v.mp3', size: 10 }];
    const res = await channel().send(outbound({ body: 'Listen', media, mediaUrls: [media[0]!.url] }));
    expect(fake.sent.slice(before).map((p) => [p.type, p.text, p.caption])).toEqual([['text', 'Listen', null], ['audio', null, null]]);
    expect(res.providerMessageId).toBe(fake.sent[before]!.wamid);
  });

  it('a template uses the company name/language (defaults customer_invite / en_US) with the content as body parameter', async () => {
    await channel().send(outbound({ type: 'WHATSAPP_TEMPLATE', body: 'Hi Ann,\nplease reply' }));
    expect(fake.sent.at(-1)!.template).toEqual({ name: 'customer_invite', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Hi Ann, please reply' }] }] });
    const custom = { ...company, ocs: { ...(company.ocs as object), whatsAppInviteTemplateName: 'come_back', whatsAppTemplateLanguage: 'de', whatsAppTemplatesNamespace: 'ns_1' } } as TChannelCompany;
    await channel().send(outbound({ company: custom, type: 'WHATSAPP_TEMPLATE', body: 'Hallo' }));
    expect(fake.sent.at(-1)!.template).toMatchObject({ name: 'come_back', language: { code: 'de' }, namespace: 'ns_1' });
  });

  it('maps Graph errors: 131047 and 4xx permanent, 5xx / 429 / throttling codes / no answer retryable', async () => {
    fake.closeWindow('16505550000');
    const closed = await rejection(channel().send(outbound({ to: { phone: '+16505550000', viberUserId: null } })), ChannelSendError);
    expect(closed.opts).toMatchObject({ permanent: true, code: '131047' });
    expect(closed.message).toMatch(/24-hour window/);
    const raw = await rejection(sendWhatsAppMessage({ creds, to: '16505550000', payload: { type: 'text', text: { body: 'x' } } }), WhatsAppError);
    expect(raw).toMatchObject({ status: 400, code: 131047, permanent: true, details: expect.stringContaining('24 hours') });
    // A template still goes through a closed window.
    await channel().send(outbound({ to: { phone: '+16505550000', viberUserId: null }, type: 'WHATSAPP_TEMPLATE', body: 'Hi' }));

    expect(await rejection(sendWhatsAppMessage({ creds: { ...creds, accessToken: 'wrong' }, to: '1650555', payload: { type: 'text', text: { body: 'x' } } }), WhatsAppError)).toMatchObject({ status: 401, code: 190, permanent: true });
    const badTo = await rejection(channel().send(outbound({ to: { phone: '12', viberUserId: null } })), ChannelSendError);
    expect(badTo.opts).toMatchObject({ permanent: true, code: '100' });

    fake.failNext(1, { status: 500, code: 1, message: 'An unknown error occurred' });
    expect((await rejection(channel().send(outbound()), ChannelSendError)).opts).toMatchObject({ permanent: false, code: '1', outcomeUnknown: false });
    fake.failNext(1, { status: 503, code: 131016, message: 'Service unavailable' });
    expect((await rejection(channel().send(outbound()), ChannelSendError)).opts).toMatchObject({ permanent: false, code: '131016' });
    fake.failNext(1, { status: 429, code: 80007, message: 'Rate limit' });
    expect((await rejection(channel().send(outbound()), ChannelSendError)).opts.permanent).toBe(false);
    fake.failNext(1, { status: 400, code: 131056, message: '(#131056) (Business Account, Consumer Account) pair rate limit hit' });
    expect((await rejection(channel().send(outbound()), ChannelSendError)).opts.permanent).toBe(false);

    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const offline = createWhatsAppChannel({ encryptionKey: key, graphUrl: `http://127.0.0.1:${port}`, apiVersion: 'v21.0' });
    expect((await rejection(offline.send(outbound()), ChannelSendError)).opts).toMatchObject({ permanent: false, outcomeUnknown: true });
  });

  it('a part failing after an earlier one went out fails the message permanently (no resend of the first)', async () => {
    const media = [
      { url: 'https://app.test/a.png', mimeType: 'image/png', fileName: 'a.png', size: 1 },
      { url: 'https://app.test/b.png', mimeType: 'image/png', fileName: 'b.png', size: 1 },
    ];
    const before = fake.sent.length;
    fake.failNext(1, { status: 503, code: 131016 }, { after: 1 });
    const err = await rejection(channel().send(outbound({ media, mediaUrls: media.map((m) => m.url) })), ChannelSendError);
    expect(fake.sent.length).toBe(before + 1);
    expect(err.opts).toMatchObject({ permanent: true, code: '131016' });
    expect(err.message).toContain(`accepted 1 of 2 parts (${fake.sent.at(-1)!.wamid})`);
    // The same failure on the first part: nothing went out, so it stays retryable.
    fake.failNext(1, { status: 503, code: 131016 });
    expect((await rejection(channel().send(outbound({ media, mediaUrls: media.map((m) => m.url) })), ChannelSendError)).opts.permanent).toBe(false);
  });

  it('findSent cannot search the Cloud API', async () => {
    expect(await channel().findSent({ ...outbound(), attemptStartedAt: new Date() })).toBe(null);
  });

  it('downloads media in two steps with the Bearer, and enforces maxBytes', async () => {
    const bytes = randomBytes(3000);
    const id = fake.addMedia(bytes, 'image/jpeg');
    const before = fake.mediaRequests.length;
    const got = await channel().downloadMedia!({ company, ref: id, maxBytes: 10_000 });
    expect(got.contentType).toBe('image/jpeg');
    expect(got.data.equals(bytes)).toBe(true);
    const hops = fake.mediaRequests.slice(before);
    expect(hops.map((h) => [h.path.split('?')[0], h.authorized])).toEqual([
      [`/${fake.apiVersion}/${id}`, true],
      ['/whatsapp_business/attachments/', true],
    ]);
    await expect(fetchWhatsAppMedia({ creds, mediaId: id, maxBytes: 2999 })).rejects.toThrow(/limit/);
    expect(await rejection(fetchWhatsAppMedia({ creds: { ...creds, accessToken: 'nope' }, mediaId: id, maxBytes: 10_000 }), WhatsAppError)).toMatchObject({ status: 401, permanent: true });
    await expect(fetchWhatsAppMedia({ creds, mediaId: '../../etc', maxBytes: 10 })).rejects.toThrow(/invalid media id/);
  });

  describe('a Graph answer pointing elsewhere (no SSRF, no token leak)', () => {
    let evil: Server;
    let other: Server;
    let evilUrl: string;
    let otherUrl: string;
    let otherHits = 0;
    beforeAll(async () => {
      other = createServer((_req, res) => {
        otherHits++;
        res.end('secret');
      });
      await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
      otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      evil = createServer((req, res) => {
        if (req.url?.startsWith('/v21.0/offsite')) return void res.end(JSON.stringify({ url: `${otherUrl}/file`, mime_type: 'image/png' }));
        if (req.url?.startsWith('/v21.0/metadata')) return void res.end(JSON.stringify({ url: 'http://169.254.169.254/latest/meta-data/', mime_type: 'image/png' }));
        if (req.url?.startsWith('/v21.0/redirect')) return void res.end(JSON.stringify({ url: `${evilUrl}/hop`, mime_type: 'image/png' }));
        if (req.url === '/hop') {
          res.writeHead(302, { location: `${otherUrl}/file` });
          return void res.end();
        }
        res.writeHead(404).end();
      });
      await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
      evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((r) => evil.close(() => r()));
      await new Promise<void>((r) => other.close(() => r()));
    });

    it('refuses a foreign URL, a metadata address and a redirect off-host', async () => {
      const c = { ...creds, graphUrl: evilUrl, apiVersion: 'v21.0' };
      await expect(fetchWhatsAppMedia({ creds: c, mediaId: 'offsite', maxBytes: 100 })).rejects.toThrow(/refusing/);
      await expect(fetchWhatsAppMedia({ creds: c, mediaId: 'metadata', maxBytes: 100 })).rejects.toThrow(/refusing.*169\.254/);
      await expect(fetchWhatsAppMedia({ creds: c, mediaId: 'redirect', maxBytes: 100 })).rejects.toThrow(/refusing/);
      expect(otherHits).toBe(0);
    });
  });
});
