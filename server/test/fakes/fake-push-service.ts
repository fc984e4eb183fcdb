/**
 * A fake Web Push service (RFC 8030 delivery, RFC 8292 VAPID, RFC 8291 message encryption) on https://127.0.0.1
 * (ephemeral port, a throwaway self-signed certificate; `agent` trusts it). It plays the browser too: `subscribe()`
 * makes a subscription whose private key only the fake holds, so it can decrypt what it receives.
 * Written independently of src/ and of the `web-push` package (node:crypto only), so the server's sends are
 * checked against the protocol, not against the library that produced them (protocols/channels-and-live.md §6).
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Self-signed for 127.0.0.1 and localhost, valid 2020–2120. Test use only.
const CERT = `-----BEGIN CERTIFICATE-----
MIIBcjCCARegAwIBAgIBATAKBggqhkjOPQQDAjAZMRcwFQYDVQQDDA5mYWtlLXB1
c2gudGVzdDAgFw0yMDAxMDEwMDAwMDBaGA8yMTIwMDEwMTAwMDAwMFowGTEXMBUG
A1UEAwwOZmFrZS1wdXNoLnRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAARh
KXkq7iOZWXBjb4p2lOw75Mh/8s93DI2qy8GaWHt/5kNjbQyCzXWjBEO6TO4sXKsJ
onNcIUuQQdX1IADuSWkfo04wTDAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3Qw
DwYDVR0TAQH/BAUwAwEB/zAdBgNVHQ4EFgQUhPvXKoic+9vb/2HM0qm8/nFpl3Qw
CgYIKoZIzj0EAwIDSQAwRgIhAJ/br5bqlYUd5yUMY1CI6a5SYwVCj5yPMFqZKdNA
y2bBAiEAkqm5Z5EX7wDA03zOQfDX3vpKTTg6cv92zSZ6yiWEpQs=
-----END CERTIFICATE-----
`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgJqPw2r0+0kD4MNIN
CHPV6GnfpJWNRqeQP6BppwUgwmihRANCAARhKXkq7iOZWXBjb4p2lOw75Mh/8s93
DI2qy8GaWHt/5kNjbQyCzXWjBEO6TO4sXKsJonNcIUuQQdX1IADuSWkf
-----END PRIVATE KEY-----
`;

export interface TFakePushSubscription {
  endpoint: string;
  /** p256dh, base64url */
  key: string;
  /** auth secret, base64url */
  token: string;
}

export interface TFakePush {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT claims, after the signature was verified against `k`. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
  /** The decrypted payload. */
  payload: string;
  /** What the fake answered. */
  status: number;
}

export interface TFakePushService {
  origin: string;
  /** Trusts the fake's certificate; hand it to the app (buildApp `webPushAgent`). */
  agent: Agent;
  /** Every valid push, whatever it was answered. */
  received: TFakePush[];
  /** Requests refused for breaking the protocol, with the reason. */
  refused: { endpoint: string; reason: string }[];
  subscribe(): TFakePushSubscription;
  /** From now on answer this endpoint with `status` (e.g. 410 Gone, 404, 500). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, len: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, len));

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Verifies `vapid t=<JWT>, k=<key>` (RFC 8292): ES256 over the JWT with the P-256 point `k`. */
function checkVapid(header: string | undefined, origin: string): { claims: TFakePush['claims']; key: string } | string {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return `bad Authorization header: ${header}`;
  const [, jwt, k] = m as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  const [h, c, s] = jwt.split('.') as [string, string, string];
  const ok = verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) return 'VAPID signature does not verify against k';
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (head.alg !== 'ES256' || head.typ !== 'JWT') return `bad JWT header ${JSON.stringify(head)}`;
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return `exp ${claims.exp} not within 24 h`;
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return `sub ${claims.sub} is not mailto: or https:`;
  return { claims, key: k };
}

/** RFC 8291 / RFC 8188 aes128gcm, one record. */
function decrypt(body: Buffer, sub: { priv: Buffer; pub: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPub = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.priv);
  const shared = ecdh.computeSecret(asPub);
  const ikm = hkdf(sub.auth, shared, Buffer.concat([Buffer.from('WebPush: info\0'), sub.pub, asPub]), 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('missing last-record delimiter 0x02');
  return plain.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<TFakePushService> {
  const subs = new Map<string, { priv: Buffer; pub: Buffer; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: TFakePush[] = [];
  const refused: TFakePushService['refused'] = [];
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const endpoint = `${origin}${req.url}`;
    const body = await readBody(req);
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, reason });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const sub = subs.get(endpoint);
    if (req.method !== 'POST' || !sub) return refuse(404, 'no such subscription');
    const vapid = checkVapid(req.headers.authorization, origin);
    if (typeof vapid === 'string') return refuse(401, vapid);
    const ttl = Number(req.headers.ttl);
    if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return refuse(400, 'TTL header missing');
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, `content-encoding ${req.headers['content-encoding']}`);
    if (body.length > 4096) return refuse(413, 'payload too large');
    let payload: string;
    try {
      payload = decrypt(body, sub);
    } catch (err) {
      return refuse(400, `cannot decrypt: ${(err as Error).message}`);
    }
    const status = answers.get(endpoint) ?? 201;
    received.push({
      endpoint,
      ttl,
      urgency: (req.headers.urgency as string) ?? null,
      topic: (req.headers.topic as string) ?? null,
      claims: vapid.claims,
      vapidKey: vapid.key,
      payload,
      status,
    });
    res.writeHead(status, status === 201 ? { location: `${origin}/messages/${randomBytes(6).toString('hex')}` } : {}).end();
  };

  const server: Server = createServer({ cert: CERT, key: KEY }, (req, res) => {
    handle(req, res).catch((err) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: CERT });

  return {
    origin,
    agent,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
      subs.set(endpoint, { priv: ecdh.getPrivateKey(), pub: ecdh.getPublicKey(), auth });
      return { endpoint, key: b64u(ecdh.getPublicKey()), token: b64u(auth) };
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
