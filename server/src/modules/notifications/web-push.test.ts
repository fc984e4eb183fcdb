import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type TFakePushService } from '../../../test/fakes/fake-push-service';
import type { TNewApiCall } from '../../lib/outside-calls/api-calls.schema';
import { flushOutsideCalls, installOutsideCallSink } from '../../lib/outside-calls/recorder';
import { redactPushEndpoint, sendWebPush } from './web-push';

let push: TFakePushService;
const vapidKeys = webpush.generateVAPIDKeys();
const vapid = { subject: 'mailto:ops@example.test', ...vapidKeys };
let written: TNewApiCall[] = [];
let remove: () => Promise<void>;

beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(() => push.close());
afterEach(async () => {
  await remove?.();
  written = [];
});

function logged() {
  remove = installOutsideCallSink({ write: async (rows) => void written.push(...rows) });
}

function expectNoSecrets(sub: { endpoint: string; key: string; token: string }) {
  const stored = JSON.stringify(written);
  const pathToken = new URL(sub.endpoint).pathname.split('/').at(-1)!;
  for (const secret of [pathToken, sub.key, sub.token, vapid.privateKey]) expect(stored, 'a secret reached the log').not.toContain(secret);
}

describe('web push calls in the outgoing API log', () => {
  it('records a delivered push under its company and notification, endpoint token and VAPID credentials redacted', async () => {
    logged();
    const sub = push.subscribe();
    const out = await sendWebPush({
      subscription: sub,
      payload: '{"title":"Hi"}',
      vapid,
      topic: 'n77',
      agent: push.agent,
      logSubject: { companyId: 12, notificationId: 77 },
    });
    expect(out).toEqual({ ok: true, statusCode: 201 });
    expect(push.received.at(-1)?.payload).toBe('{"title":"Hi"}');
    await flushOutsideCalls();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      vendor: 'web_push',
      operation: 'push.send',
      method: 'POST',
      url: `${push.origin}/push/[redacted]`,
      status: 201,
      error: null,
      companyId: 12,
      subjectType: 'notification',
      subjectId: 77,
    });
    expect(written[0]!.requestHeaders).toMatchObject({ authorization: '[redacted]', topic: 'n77', 'content-encoding': 'aes128gcm' });
    expect(written[0]!.requestBody).toBe('[encrypted payload, 14 bytes before encryption]');
    expectNoSecrets(sub);
  });

  it('records a refusal (410 Gone) and a push service that cannot be reached, never a secret', async () => {
    logged();
    const gone = push.subscribe();
    push.answer(gone.endpoint, 410);
    const out = await sendWebPush({ subscription: gone, payload: 'x', vapid, topic: 'n1', agent: push.agent, logSubject: { companyId: 3 } });
    expect(out).toMatchObject({ ok: false, gone: true, statusCode: 410 });
    const down = { ...push.subscribe(), endpoint: `https://127.0.0.1:1/push/${'d'.repeat(24)}` };
    const out2 = await sendWebPush({ subscription: down, payload: 'x', vapid, topic: 'n2', agent: push.agent });
    expect(out2).toMatchObject({ ok: false, statusCode: 0 });
    await flushOutsideCalls();
    expect(written.map((r) => [r.status, r.error === null, r.companyId, r.subjectType])).toEqual([
      [410, false, 3, null],
      [null, false, null, null],
    ]);
    expect(written[0]!.error).toBe('HTTP 410');
    expectNoSecrets(gone);
    expectNoSecrets(down);
  });

  it('redacts the subscription parts of real push services’ endpoints', () => {
    expect(redactPushEndpoint('https://fcm.googleapis.com/fcm/send/dGhpcy1pcy1hLXRva2VuOkFQQTkxYkg')).toBe('https://fcm.googleapis.com/fcm/send/[redacted]');
    expect(redactPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAAAABkZ2h0aGlz')).toBe(
      'https://updates.push.services.mozilla.com/wpush/[redacted]',
    );
    expect(redactPushEndpoint('https://web.push.apple.com/QGuQyavXutnMZsMt5bIxl?x=1')).toBe('https://web.push.apple.com/[redacted]');
    expect(redactPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB')).toBe('https://wns2-par02p.notify.windows.com/w/[redacted]');
    expect(redactPushEndpoint('not a url')).toBe('[redacted]');
  });
});
