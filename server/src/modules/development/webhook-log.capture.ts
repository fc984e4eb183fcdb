import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TWebhookOutcome, TWebhookSource, TWebhookVerification } from '@cd/contracts/dev-logs';
import type { TAppDeps } from '../../context';
import { isVerifiedReplay, REPLAY_ID_HEADER, REPLAY_TOKEN_HEADER, webhookMarkOf } from './webhook-log.api';
import { redactWebhookBody, redactWebhookHeaders, redactWebhookUrl } from './webhook-log.redact';
import { createWebhookLogSink, type TCapturedWebhook } from './webhook-log.sink';

/** Bodies above this are not kept (the row says so, and it cannot be replayed). */
export const MAX_KEPT_BODY_BYTES = 256 * 1024;
/** Our answers are short (TwiML, `{ok:true}`, a problem): more is clipped. */
const MAX_RESPONSE_CHARS = 16 * 1024;

const SOURCE_OF_SEGMENT: Readonly<Record<string, TWebhookSource>> = {
  'sms-provider': 'sms_provider',
  whatsapp: 'whatsapp',
  viber: 'viber',
  'sms-gateway': 'sms_gateway',
  payment: 'payment',
};

interface TCaptureState {
  source: TWebhookSource;
  slug: string | null;
  chunks: Buffer[];
  size: number;
  tooBig: boolean;
  sawBody: boolean;
  responseBody: string | null;
  error: string | null;
}

const states = new WeakMap<FastifyRequest, TCaptureState>();

/** The source and company slug a webhook URL names (`/api/webhooks/<source>/<slug>/…`, payment: `…/payment/<provider>/<slug>/…`). */
export function webhookTargetOf(url: string): { source: TWebhookSource; slug: string | null } | null {
  if (!url.startsWith('/api/webhooks/')) return null;
  const parts = url.split('?')[0]!.split('/');
  const source = SOURCE_OF_SEGMENT[parts[3] ?? ''];
  if (!source) return null;
  const slug = source === 'payment' ? parts[5] : parts[4];
  return { source, slug: slug && /^[a-z0-9-]{1,64}$/.test(slug) ? slug : null };
}

/** The verification result and outcome a finished request gets (a replay is always `replayed`). */
export function classifyWebhook(opts: { status: number; replay: boolean; mark: ReturnType<typeof webhookMarkOf> }): {
  verification: TWebhookVerification;
  outcome: TWebhookOutcome;
} {
  const { status, mark } = opts;
  // 409 is the payment webhook's "processor unreachable, deliver again": a failure the sender retries.
  const outcome: TWebhookOutcome = status >= 500 || status === 409 ? 'failed' : status >= 400 ? 'ignored' : (mark?.outcome ?? 'processed');
  if (opts.replay) return { verification: 'replayed', outcome };
  if (status === 403) return { verification: 'bad_signature', outcome };
  if (status === 404) return { verification: 'unknown_company', outcome };
  if (status >= 400 && status < 500 && status !== 409) return { verification: 'malformed', outcome };
  return { verification: mark?.verification ?? 'valid', outcome };
}

function problemDetailOf(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { detail?: unknown };
    return typeof parsed.detail === 'string' ? parsed.detail : null;
  } catch {
    return null;
  }
}

function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/** Replays waiting for the entry of their injected request (the replay service stores it itself). */
const pendingReplays = new Map<string, (entry: TCapturedWebhook) => void>();

/** Resolves with the captured entry of the replay request `replayId` once it has been answered. */
export function awaitReplayEntry(replayId: string, timeoutMs = 15_000): Promise<TCapturedWebhook | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pendingReplays.delete(replayId);
      resolve(null);
    }, timeoutMs);
    pendingReplays.set(replayId, (entry) => {
      clearTimeout(timer);
      pendingReplays.delete(replayId);
      resolve(entry);
    });
  });
}

function entryOf(req: FastifyRequest, reply: FastifyReply, st: TCaptureState, replay: boolean): TCapturedWebhook {
  const contentType = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'].slice(0, 200) : null;
  const raw = st.tooBig ? null : st.sawBody ? Buffer.concat(st.chunks).toString('utf8') : '';
  const { verification, outcome } = classifyWebhook({ status: reply.statusCode, replay, mark: webhookMarkOf(req) });
  const responseBody =
    st.responseBody === null ? null : redactWebhookBody({ contentType: String(reply.getHeader('content-type') ?? ''), text: st.responseBody });
  return {
    slug: st.slug,
    source: st.source,
    method: req.method,
    url: redactWebhookUrl(req.url).slice(0, 2000),
    requestHeaders: redactWebhookHeaders({ headers: req.headers, drop: [REPLAY_TOKEN_HEADER, REPLAY_ID_HEADER] }),
    contentType,
    body: raw === null ? null : redactWebhookBody({ contentType, text: raw }),
    status: reply.statusCode,
    verification,
    outcome,
    error: (st.error ?? (reply.statusCode >= 400 ? problemDetailOf(st.responseBody) : null))?.slice(0, 2000) ?? null,
    responseBody,
    durationMs: Math.max(0, Math.round(reply.elapsedTime)),
    createdAt: new Date(),
  };
}

/**
 * Records every request under /api/webhooks/ after it has been answered: hooks at the root, so they see the routes of
 * every module's scope. The raw body is teed off the request stream before any parser reads it (forms, JSON and the
 * raw-buffer scopes alike); rows go through a buffered sink, so the answer never waits for the log.
 */
async function webhookLog(app: FastifyInstance, opts: { deps: TAppDeps }) {
  const sink = createWebhookLogSink({ db: opts.deps.db, log: { error: (o, msg) => app.log.error(o, msg) } });

  app.addHook('onRequest', async (req) => {
    const target = webhookTargetOf(req.url);
    if (!target) return;
    states.set(req, { ...target, chunks: [], size: 0, tooBig: false, sawBody: false, responseBody: null, error: null });
  });

  app.addHook('preParsing', async (req, _reply, payload) => {
    const st = states.get(req);
    if (!st) return payload;
    const tee = new Transform({
      transform(chunk: Buffer, _enc, done) {
        st.sawBody = true;
        if (!st.tooBig) {
          st.size += chunk.length;
          if (st.size > MAX_KEPT_BODY_BYTES) {
            st.tooBig = true;
            st.chunks = [];
          } else st.chunks.push(chunk);
        }
        done(null, chunk);
      },
    });
    payload.on('error', (err) => tee.destroy(err));
    return payload.pipe(tee);
  });

  app.addHook('onError', async (req, _reply, error) => {
    const st = states.get(req);
    if (st) st.error = error.message;
  });

  app.addHook('onSend', async (req, _reply, payload) => {
    const st = states.get(req);
    if (st) st.responseBody = payloadText(payload)?.slice(0, MAX_RESPONSE_CHARS) ?? null;
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    const st = states.get(req);
    if (!st) return;
    try {
      const replay = isVerifiedReplay(req);
      const entry = entryOf(req, reply, st, replay);
      const replayId = req.headers[REPLAY_ID_HEADER];
      const waiting = replay && typeof replayId === 'string' ? pendingReplays.get(replayId) : undefined;
      if (waiting) waiting(entry);
      else sink.add(entry);
    } catch (err) {
      // The log never breaks a webhook.
      req.log.error({ err }, 'webhook log: could not capture a request');
    }
  });

  app.addHook('onClose', async () => {
    await sink.close();
  });
}

export const webhookLogPlugin = fp(webhookLog, { name: 'webhook-log' });
