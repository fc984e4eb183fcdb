import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsGateway, type TFakeSmsGateway } from '../../../test/fakes/fake-sms-gateway';
import { encryptSecret } from '../../lib/crypto';
import { ChannelSendError, type TChannelCompany, type TOutboundMessage } from '../channel.types';
import { createSmsGatewayChannel, smsGatewayCredentialsOf, smsGatewaySigningKeyOf, smsGatewayText } from './sms-gateway-channel';
import {
  gatewayMessageId,
  getGatewayMessage,
  mapGatewayState,
  parseGatewayMessageId,
  sendGatewayMessage,
  SmsGatewayError,
  type TSmsGatewayCredentials,
} from './sms-gateway-client';
import { computeSmsGatewaySignature, normalizeGatewayPhone, parseSmsGatewayWebhook, verifySmsGatewaySignature } from './sms-gateway-webhooks';

// protocols/channels-and-live.md §4, "Computed test vector".
const VECTOR = {
  key: 'test_signing_key',
  timestamp: '1719046000',
  body: '{"deviceId":"dev1","event":"sms:received","id":"evt1","payload":{"messageId":"abc123","message":"Hi","phoneNumber":"+15550001111","simNumber":1,"receivedAt":"2024-06-22T15:46:11.000+07:00"},"webhookId":"wh1"}',
  expected: '06a88d834d788209c4bf6469a682b1faa0ed80343a1bc0597ef5b237c0326e62',
};
const AT_VECTOR = new Date(1719046000 * 1000);

async function rejection(p: Promise<unknown>): Promise<SmsGatewayError & ChannelSendError> {
  try {
    await p;
  } catch (err) {
    return err as SmsGatewayError & ChannelSendError;
  }
  throw new Error('expected a rejection');
}

describe('SMS gateway webhook signature', () => {
  it('matches the protocol reference test vector', () => {
    expect(computeSmsGatewaySignature({ signingKey: VECTOR.key, rawBody: VECTOR.body, timestamp: VECTOR.timestamp })).toBe(VECTOR.expected);
    expect(computeSmsGatewaySignature({ signingKey: VECTOR.key, rawBody: Buffer.from(VECTOR.body), timestamp: VECTOR.timestamp })).toBe(VECTOR.expected);
    const base = { signingKey: VECTOR.key, rawBody: Buffer.from(VECTOR.body), timestamp: VECTOR.timestamp, now: AT_VECTOR };
    expect(verifySmsGatewaySignature({ ...base, signature: VECTOR.expected })).toBe('ok');
    expect(verifySmsGatewaySignature({ ...base, signature: VECTOR.expected.toUpperCase() })).toBe('ok');
  });

  it('refuses a changed body, key, timestamp or signature', () => {
    const base = { signingKey: VECTOR.key, rawBody: Buffer.from(VECTOR.body), timestamp: VECTOR.timestamp, signature: VECTOR.expected, now: AT_VECTOR };
    // Re-serialising the same JSON with other whitespace changes the bytes: the check is over the raw body.
    expect(verifySmsGatewaySignature({ ...base, rawBody: Buffer.from(JSON.stringify(JSON.parse(VECTOR.body), null, 1)) })).toBe('mismatch');
    expect(verifySmsGatewaySignature({ ...base, rawBody: Buffer.from(VECTOR.body.replace('"Hi"', '"Ho"')) })).toBe('mismatch');
    expect(verifySmsGatewaySignature({ ...base, signingKey: 'other_key' })).toBe('mismatch');
    expect(verifySmsGatewaySignature({ ...base, timestamp: '1719046001' })).toBe('mismatch');
    expect(verifySmsGatewaySignature({ ...base, signature: VECTOR.expected.slice(0, 62) })).toBe('mismatch');
    expect(verifySmsGatewaySignature({ ...base, signature: 'zz' + VECTOR.expected.slice(2) })).toBe('mismatch');
    expect(verifySmsGatewaySignature({ ...base, signingKey: '' })).toBe('mismatch');
  });

  it('accepts timestamps within 5 minutes either way and refuses older or later ones', () => {
    const base = { signingKey: VECTOR.key, rawBody: Buffer.from(VECTOR.body), timestamp: VECTOR.timestamp, signature: VECTOR.expected };
    const at = (deltaSeconds: number) => new Date(AT_VECTOR.getTime() + deltaSeconds * 1000);
    expect(verifySmsGatewaySignature({ ...base, now: at(300) })).toBe('ok');
    expect(verifySmsGatewaySignature({ ...base, now: at(-300) })).toBe('ok');
    expect(verifySmsGatewaySignature({ ...base, now: at(301) })).toBe('stale');
    expect(verifySmsGatewaySignature({ ...base, now: at(-301) })).toBe('stale');
    // The real clock: the 2024 vector is long stale.
    expect(verifySmsGatewaySignature(base)).toBe('stale');
  });

  it('tells missing and malformed headers apart', () => {
    const base = { signingKey: VECTOR.key, rawBody: Buffer.from(VECTOR.body), now: AT_VECTOR };
    expect(verifySmsGatewaySignature({ ...base, timestamp: undefined, signature: VECTOR.expected })).toBe('missing');
    expect(verifySmsGatewaySignature({ ...base, timestamp: VECTOR.timestamp, signature: undefined })).toBe('missing');
    expect(verifySmsGatewaySignature({ ...base, timestamp: '', signature: '' })).toBe('missing');
    expect(verifySmsGatewaySignature({ ...base, timestamp: '2024-06-22T15:46:11Z', signature: VECTOR.expected })).toBe('malformed');
    expect(verifySmsGatewaySignature({ ...base, timestamp: '1719046000.5', signature: VECTOR.expected })).toBe('malformed');
  });
});

describe('SMS gateway webhook parsing', () => {
  const event = (e: string, payload: Record<string, unknown>, id: string | null = 'evt1') => JSON.stringify({ deviceId: 'dev1', event: e, id, payload, webhookId: 'wh1' });

  it('parses sms:received from the test vector, keeping the event id (messageId is not unique)', () => {
    expect(parseSmsGatewayWebhook(Buffer.from(VECTOR.body))).toEqual({
      kind: 'received',
      eventId: 'evt1',
      deviceId: 'dev1',
      phoneNumber: '+15550001111',
      body: 'Hi',
      simNumber: 1,
      receivedAt: '2024-06-22T15:46:11.000+07:00',
    });
    // Newer builds: `sender` when phoneNumber is absent.
    expect(parseSmsGatewayWebhook(event('sms:received', { messageId: 'x', message: '', sender: '6505551212' }))).toMatchObject({ phoneNumber: '6505551212', body: '' });
  });

  it('parses sms:sent, sms:delivered and sms:failed with reason or error', () => {
    expect(parseSmsGatewayWebhook(event('sms:sent', { messageId: '7-42', phoneNumber: '+15550001111', simNumber: 1, sentAt: '2024-06-22T15:46:11.000+07:00' }))).toEqual({
      kind: 'status',
      eventId: 'evt1',
      event: 'sms:sent',
      messageId: '7-42',
      phoneNumber: '+15550001111',
      status: 'SENT',
      error: null,
    });
    expect(parseSmsGatewayWebhook(event('sms:delivered', { messageId: '7-42', deliveredAt: 'x' }))).toMatchObject({ status: 'DELIVERED', error: null });
    expect(parseSmsGatewayWebhook(event('sms:failed', { messageId: '7-42', failedAt: 'x', reason: 'RESULT_ERROR_NO_SERVICE' }))).toMatchObject({
      status: 'FAILED',
      error: 'RESULT_ERROR_NO_SERVICE',
    });
    expect(parseSmsGatewayWebhook(event('sms:failed', { messageId: '7-42', failedAt: 'x', error: 'Generic failure' }))).toMatchObject({ status: 'FAILED', error: 'Generic failure' });
    expect(parseSmsGatewayWebhook(event('sms:failed', { messageId: '7-42' }))).toMatchObject({ status: 'FAILED', error: null });
  });

  it('passes system:ping and unknown events through as "other"', () => {
    expect(parseSmsGatewayWebhook(event('system:ping', {}))).toEqual({ kind: 'other', eventId: 'evt1', event: 'system:ping' });
    expect(parseSmsGatewayWebhook(event('mms:received', { messageId: 'm' }, null))).toEqual({ kind: 'other', eventId: null, event: 'mms:received' });
  });

  it('refuses bodies that are not gateway events', () => {
    expect(() => parseSmsGatewayWebhook('not json')).toThrow(/not JSON/);
    expect(() => parseSmsGatewayWebhook('[1,2]')).toThrow(/not an object/);
    expect(() => parseSmsGatewayWebhook('{"id":"x"}')).toThrow(/missing event/);
    expect(() => parseSmsGatewayWebhook(event('sms:received', { message: 'Hi', phoneNumber: '+15550001111' }, null))).toThrow(/missing id/);
    expect(() => parseSmsGatewayWebhook(event('sms:received', { message: 'Hi' }))).toThrow(/phoneNumber/);
    expect(() => parseSmsGatewayWebhook(event('sms:received', { phoneNumber: '+15550001111' }))).toThrow(/payload.message/);
    expect(() => parseSmsGatewayWebhook(event('sms:sent', { phoneNumber: '+15550001111' }))).toThrow(/messageId/);
    expect(() => parseSmsGatewayWebhook(event('sms:received', { message: 'a\u0000b', phoneNumber: '+15550001111' }))).toThrow(/NUL/);
  });

  it('normalises the sender to E.164', () => {
    expect(normalizeGatewayPhone('6505551212')).toBe('+16505551212');
    expect(normalizeGatewayPhone('16505551212')).toBe('+16505551212');
    expect(normalizeGatewayPhone('+1 (650) 555-1212')).toBe('+16505551212');
    expect(normalizeGatewayPhone('+15550001111')).toBe('+15550001111');
    expect(normalizeGatewayPhone('4915112345678')).toBe('+4915112345678');
    expect(normalizeGatewayPhone('004915112345678')).toBe('+4915112345678');
    expect(normalizeGatewayPhone('VERIFY')).toBe(null);
    expect(normalizeGatewayPhone('12345')).toBe(null);
    expect(normalizeGatewayPhone('+0123456789')).toBe(null);
  });
});

describe('SMS gateway ids and states', () => {
  it('builds and parses our deterministic ids', () => {
    expect(gatewayMessageId({ companyId: 7, messageId: 42 })).toBe('7-42');
    expect(gatewayMessageId({ companyId: 7, messageId: 42, round: 1 })).toBe('7-42');
    expect(gatewayMessageId({ companyId: 7, messageId: 42, round: 3 })).toBe('7-42-3');
    expect(parseGatewayMessageId('7-42')).toEqual({ companyId: 7, messageId: 42, round: 1 });
    expect(parseGatewayMessageId('7-42-3')).toEqual({ companyId: 7, messageId: 42, round: 3 });
    for (const id of ['zXDYfTmTVf3iMd16zzdBj', '7-42-1', '0-42', '7-x', '7-42-3-4', 'abc123']) expect(parseGatewayMessageId(id)).toBe(null);
  });

  it('maps the gateway states', () => {
    expect(['Pending', 'Processed', 'Sent', 'Delivered', 'Failed', 'Whatever'].map(mapGatewayState)).toEqual(['SENDING', 'SENDING', 'SENT', 'DELIVERED', 'FAILED', null]);
  });
});

describe('SMS gateway client against the fake', () => {
  let fake: TFakeSmsGateway;
  let creds: TSmsGatewayCredentials;
  beforeAll(async () => {
    fake = await startFakeSmsGateway();
    creds = { baseUrl: fake.baseUrl, username: fake.username, password: fake.password };
  });
  afterAll(() => fake.close());

  it('sends with Basic auth and the given id; a repeated id returns the same message without sending again', async () => {
    const first = await sendGatewayMessage({ creds, id: 'c1-1', text: 'Hello', phoneNumbers: ['+15550001111'] });
    expect(first).toEqual({ id: 'c1-1', state: 'Pending', recipients: [{ phoneNumber: '+15550001111', state: 'Pending', error: null }] });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/message',
      authorized: true,
      body: { id: 'c1-1', textMessage: { text: 'Hello' }, phoneNumbers: ['+15550001111'], withDeliveryReport: true },
    });
    fake.setState('c1-1', 'Sent');
    const again = await sendGatewayMessage({ creds, id: 'c1-1', text: 'Hello', phoneNumbers: ['+15550001111'] });
    expect(again).toMatchObject({ id: 'c1-1', state: 'Sent' });
    expect(fake.sent.filter((m) => m.id === 'c1-1')).toHaveLength(1);
    // A trailing slash and a missing scheme in the configured URL are fine.
    const bare = { ...creds, baseUrl: `${fake.baseUrl.replace('http://', '')}/` };
    expect(await sendGatewayMessage({ creds: bare, id: 'c1-2', text: 'x', phoneNumbers: ['+15550001111'] })).toMatchObject({ id: 'c1-2' });
  });

  it('looks messages up by id (200) and answers null for unknown ones (404)', async () => {
    await sendGatewayMessage({ creds, id: 'c2-1', text: 'Hi', phoneNumbers: ['+15550001112'] });
    fake.setState('c2-1', 'Failed', 'RESULT_ERROR_NO_SERVICE');
    expect(await getGatewayMessage({ creds, id: 'c2-1' })).toEqual({
      id: 'c2-1',
      state: 'Failed',
      recipients: [{ phoneNumber: '+15550001112', state: 'Failed', error: 'RESULT_ERROR_NO_SERVICE' }],
    });
    expect(await getGatewayMessage({ creds, id: 'nope' })).toBe(null);
  });

  it('401 (empty body) is permanent; 400 carries the gateway message; 5xx is transient', async () => {
    const unauthorized = await rejection(sendGatewayMessage({ creds: { ...creds, password: 'wrong' }, id: 'c3-1', text: 'x', phoneNumbers: ['+15550001111'] }));
    expect(unauthorized).toMatchObject({ status: 401, permanent: true });
    expect(unauthorized.message).toMatch(/credentials rejected/);
    expect(fake.requests.at(-1)!.authorized).toBe(false);
    const invalid = await rejection(sendGatewayMessage({ creds, id: 'c3-2', text: 'x', phoneNumbers: ['555-1234'] }));
    expect(invalid).toMatchObject({ status: 400, permanent: true });
    expect(invalid.message).toMatch(/Invalid phone number/);
    fake.failNext(1, { status: 500, message: 'database is locked' });
    const broken = await rejection(sendGatewayMessage({ creds, id: 'c3-3', text: 'x', phoneNumbers: ['+15550001111'] }));
    expect(broken).toMatchObject({ status: 500, permanent: false });
    expect(broken.message).toMatch(/database is locked/);
    expect(fake.messages.has('c3-3')).toBe(false);
  });

  it('the fake validates bodies like the app: exactly one of textMessage, dataMessage, message', async () => {
    const post = (body: unknown) =>
      fetch(`${fake.baseUrl}/message`, {
        method: 'POST',
        headers: { authorization: 'Basic ' + Buffer.from(`${fake.username}:${fake.password}`).toString('base64'), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const both = await post({ textMessage: { text: 'a' }, message: 'b', phoneNumbers: ['+15550001111'] });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { message: string }).message).toMatch(/exactly one of/);
    expect((await post({ phoneNumbers: ['+15550001111'] })).status).toBe(400);
    const legacy = await post({ message: 'old style', phoneNumbers: ['+15550001111'] });
    expect(legacy.status).toBe(202);
    expect(((await legacy.json()) as { id: string }).id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    const noAuth = await fetch(`${fake.baseUrl}/message`, { method: 'POST', body: '{}' });
    expect(noAuth.status).toBe(401);
    expect(await noAuth.text()).toBe('');
  });

  it('no HTTP answer is status 0 (outcome unknown), and the message is then found by id', async () => {
    fake.dropNext();
    const err = await rejection(sendGatewayMessage({ creds, id: 'c4-1', text: 'lost answer', phoneNumbers: ['+15550001111'] }));
    expect(err).toMatchObject({ status: 0, permanent: false });
    expect(await getGatewayMessage({ creds, id: 'c4-1' })).toMatchObject({ id: 'c4-1', state: 'Pending' });
    fake.delayNext(1_000);
    const slow = await rejection(sendGatewayMessage({ creds, id: 'c4-2', text: 'slow', phoneNumbers: ['+15550001111'], timeoutMs: 100 }));
    expect(slow).toMatchObject({ status: 0, permanent: false });
    expect(slow.message).toMatch(/timed out/);
  });

  it('a dead gateway is a transient error', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    expect(await rejection(getGatewayMessage({ creds: { ...creds, baseUrl: `http://127.0.0.1:${port}` }, id: 'x' }))).toMatchObject({ status: 0, permanent: false });
  });
});

describe('SMS gateway channel adapter', () => {
  const key = randomBytes(32);
  let fake: TFakeSmsGateway;
  let company: TChannelCompany;
  const adapter = createSmsGatewayChannel({ encryptionKey: key });
  const companyWith = (ocs: Record<string, unknown>) => ({ id: 901, slug: 'gw', name: 'GW', ocs }) as unknown as TChannelCompany;
  const outbound = (messageId: number, o: Partial<TOutboundMessage> = {}): TOutboundMessage => ({
    company,
    messageId,
    type: 'STANDARD',
    to: { phone: '+15550002222', viberUserId: null },
    body: 'Your car is ready',
    mediaUrls: [],
    media: [],
    ...o,
  });
  beforeAll(async () => {
    fake = await startFakeSmsGateway();
    company = companyWith({
      smsGatewayUrl: fake.baseUrl,
      smsGatewayUsername: fake.username,
      smsGatewayPassword: encryptSecret(key, fake.password),
      smsGatewaySigningKey: encryptSecret(key, fake.signingKey),
    });
  });
  afterAll(() => fake.close());

  it('is available with URL, username and a decryptable password; reaches customers with a phone', () => {
    expect(adapter.isAvailable(company)).toBe(true);
    expect(smsGatewaySigningKeyOf({ company, encryptionKey: key })).toBe(fake.signingKey);
    expect(adapter.isAvailable(companyWith({ smsGatewayUrl: fake.baseUrl, smsGatewayUsername: 'sms' }))).toBe(false);
    expect(adapter.isAvailable(companyWith({ smsGatewayUsername: 'sms', smsGatewayPassword: encryptSecret(key, 'p') }))).toBe(false);
    // Encrypted under another ENCRYPTION_KEY: not configured.
    const foreign = companyWith({ smsGatewayUrl: fake.baseUrl, smsGatewayUsername: 'sms', smsGatewayPassword: encryptSecret(randomBytes(32), 'p'), smsGatewaySigningKey: encryptSecret(randomBytes(32), 'k') });
    expect(adapter.isAvailable(foreign)).toBe(false);
    expect(smsGatewayCredentialsOf({ company: foreign, encryptionKey: key })).toBe(null);
    expect(smsGatewaySigningKeyOf({ company: foreign, encryptionKey: key })).toBe(null);
    expect(adapter.canReach({ phone: '+15550002222', viberUserId: null })).toBe(true);
    expect(adapter.canReach({ phone: null, viberUserId: 'v' })).toBe(false);
  });

  it('sends under <companyId>-<messageId> with the attachment URLs on their own lines', async () => {
    const media = [
      { url: 'http://app.test/storage/901/a.png?expires=1&sig=x', mimeType: 'image/png', fileName: 'a.png', size: 1 },
      { url: 'http://app.test/storage/901/b.pdf?expires=1&sig=y', mimeType: 'application/pdf', fileName: 'b.pdf', size: 1 },
    ];
    const result = await adapter.send(outbound(1, { media, mediaUrls: media.map((m) => m.url) }));
    expect(result).toEqual({ providerMessageId: '901-1', status: 'SENDING' });
    expect(fake.messages.get('901-1')!.text).toBe(`Your car is ready\n${media[0]!.url}\n${media[1]!.url}`);
    expect(smsGatewayText({ body: '', media })).toBe(`${media[0]!.url}\n${media[1]!.url}`);
  });

  it('maps errors: 401 and 400 permanent, 5xx retryable, no answer outcome-unknown', async () => {
    const badCreds = companyWith({ ...(company.ocs as object), smsGatewayPassword: encryptSecret(key, 'wrong') });
    const e401 = await rejection(adapter.send(outbound(2, { company: badCreds })));
    expect(e401).toBeInstanceOf(ChannelSendError);
    expect(e401.opts).toMatchObject({ permanent: true, code: '401', outcomeUnknown: false });
    expect(e401.message).toMatch(/gateway credentials rejected/);
    expect((await rejection(adapter.send(outbound(3, { to: { phone: '12', viberUserId: null } })))).opts).toMatchObject({ permanent: true, code: '400' });
    fake.failNext(1, { status: 503 });
    expect((await rejection(adapter.send(outbound(4)))).opts).toMatchObject({ permanent: false, code: '503', outcomeUnknown: false });
    fake.dropNext();
    expect((await rejection(adapter.send(outbound(5)))).opts).toMatchObject({ permanent: false, code: null, outcomeUnknown: true });
    expect((await rejection(adapter.send(outbound(6, { company: companyWith({}) })))).opts).toMatchObject({ permanent: true, code: 'not_configured' });
  });

  it('findSent looks the message up by our id', async () => {
    const attemptStartedAt = new Date();
    // A send of its own whose answer is lost: the gateway holds the message, we never heard its id.
    fake.dropNext();
    expect((await rejection(adapter.send(outbound(15)))).opts).toMatchObject({ outcomeUnknown: true });
    expect(await adapter.findSent({ ...outbound(15), attemptStartedAt })).toEqual({ providerMessageId: '901-15', status: 'SENDING' });
    fake.setState('901-15', 'Delivered');
    expect(await adapter.findSent({ ...outbound(15), attemptStartedAt })).toEqual({ providerMessageId: '901-15', status: 'DELIVERED' });
    expect(await adapter.findSent({ ...outbound(77), attemptStartedAt })).toBe(null);
  });

  it('a retry of a message the gateway failed goes out under the next round id, and findSent follows the rounds', async () => {
    await adapter.send(outbound(8));
    fake.setState('901-8', 'Failed', 'RESULT_ERROR_NO_SERVICE');
    const attemptStartedAt = new Date();
    expect(await adapter.findSent({ ...outbound(8), attemptStartedAt })).toBe(null);
    expect(await adapter.send(outbound(8))).toEqual({ providerMessageId: '901-8-2', status: 'SENDING' });
    expect(fake.sent.filter((m) => m.id.startsWith('901-8'))).toHaveLength(2);
    expect(await adapter.findSent({ ...outbound(8), attemptStartedAt })).toEqual({ providerMessageId: '901-8-2', status: 'SENDING' });
    // Sending again while round 2 is pending adopts it (idempotent).
    expect(await adapter.send(outbound(8))).toEqual({ providerMessageId: '901-8-2', status: 'SENDING' });
    expect(fake.sent.filter((m) => m.id.startsWith('901-8'))).toHaveLength(2);
  });
});
