import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { TWebhookOutcome } from '@cd/contracts/dev-logs';

/**
 * What the webhook routes tell the webhook log (modules/development/webhook-log.*): a request-scoped marker for what
 * only the handler knows (an already-processed provider id, nothing to do), and whether a request is a super admin's
 * replay whose signature was checked when it first arrived.
 */

export interface TWebhookMark {
  verification?: 'duplicate';
  outcome?: TWebhookOutcome;
}

const marks = new WeakMap<FastifyRequest, TWebhookMark>();

/** Called by a webhook handler: e.g. the provider's message id was already stored (`duplicate`, `ignored`). */
export function markWebhookOutcome(req: FastifyRequest, mark: TWebhookMark): void {
  marks.set(req, { ...marks.get(req), ...mark });
}

export function webhookMarkOf(req: FastifyRequest): TWebhookMark | undefined {
  return marks.get(req);
}

/** The replay marker headers; both are dropped before a request's headers are logged. */
export const REPLAY_TOKEN_HEADER = 'x-courier-webhook-replay';
export const REPLAY_ID_HEADER = 'x-courier-webhook-replay-id';

// Per process, random, never logged or stored: a replay is injected in this process, so nobody else can know it.
const REPLAY_TOKEN = randomBytes(32).toString('base64url');

/**
 * True only for a replay injected by this process (app.inject): the header carries this process's random token AND the
 * request has no network socket. A request from the network is never "already verified", whatever it sends.
 */
export function isVerifiedReplay(req: FastifyRequest): boolean {
  const given = req.headers[REPLAY_TOKEN_HEADER];
  if (typeof given !== 'string') return false;
  if (req.raw.socket instanceof Socket) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(REPLAY_TOKEN, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Headers that make an injected request a verified replay (only the replay service uses them). */
export function replayHeaders(replayId: string): Record<string, string> {
  return { [REPLAY_TOKEN_HEADER]: REPLAY_TOKEN, [REPLAY_ID_HEADER]: replayId };
}
