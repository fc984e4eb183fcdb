import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webchatVisitorTopic } from '../../channels/webchat/webchat-channel';
import type { TAppDeps } from '../../context';
import { formatSseEvent } from '../../live/sse-hub';
import type { TVisitor } from './webchat.service';

/** Open streams per visitor session: a few tabs, not a flood. */
const MAX_STREAMS_PER_SESSION = 3;
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long; the widget reconnects and reads the list again. */
const MAX_STREAM_MS = 30 * 60_000;

export interface TVisitorStreams {
  all: Set<() => void>;
  perSession: Map<string, number>;
}

/** The open visitor streams of one app; created when the routes are registered (hooks cannot be added later). */
export function createVisitorStreams(app: FastifyInstance): TVisitorStreams {
  const created: TVisitorStreams = { all: new Set(), perSession: new Map() };
  // Server shutdown ends every visitor stream (as the staff hub does).
  app.addHook('onClose', async () => {
    for (const end of [...created.all]) end();
  });
  return created;
}

/**
 * The visitor's own server-sent event stream: only events published on this visitor's topic and company (the
 * webchat channel's deliveries). No replay: the widget reads GET /messages on every (re)connect.
 */
export function openVisitorStream(opts: { streams: TVisitorStreams; deps: TAppDeps; req: FastifyRequest; reply: FastifyReply; visitor: TVisitor }): void {
  const { deps, reply, visitor } = opts;
  const reg = opts.streams;
  const sessionKey = `${visitor.session.companyId}:${visitor.session.id}`;
  const count = reg.perSession.get(sessionKey) ?? 0;
  if (count >= MAX_STREAMS_PER_SESSION) {
    void reply.status(429).header('retry-after', '30').send({ title: 'Too Many Requests', status: 429, detail: 'Too many open chat streams.' });
    return;
  }
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'access-control-allow-origin': visitor.origin,
    vary: 'Origin',
  });
  raw.write(': webchat\n\n');
  const topic = webchatVisitorTopic(visitor.session.visitorId);
  reg.perSession.set(sessionKey, count + 1);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(expiry);
    reg.all.delete(end);
    const n = (reg.perSession.get(sessionKey) ?? 1) - 1;
    if (n <= 0) reg.perSession.delete(sessionKey);
    else reg.perSession.set(sessionKey, n);
    if (!raw.destroyed) raw.end();
  };
  const unsubscribe = deps.live.onEvent((event) => {
    if (event.companyId !== visitor.session.companyId || !event.topics.includes(topic)) return;
    if (raw.writableLength > 256 * 1024) return end();
    raw.write(formatSseEvent(event.payload));
  });
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  const expiry = setTimeout(end, MAX_STREAM_MS);
  reg.all.add(end);
  raw.on('close', end);
  raw.on('error', end);
}
