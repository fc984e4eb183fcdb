import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZMercureTokenSchema } from '@cd/contracts/live';
import type { TAppDeps } from '../context';
import { errorResponses, textResponse } from '../lib/openapi';
import { contextOf } from '../plugins/auth';
import * as service from './live.service';
import { verifyMercureToken } from './mercure-jwt';
import { createSseHub } from './sse-hub';
import { findSelectorLimitProblem } from './topic-match';
import { AppError } from '../lib/errors';

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Mercure's order: Authorization header, then the `authorization` query parameter, then the cookie. */
function readSubscriberToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const query = firstString((request.query as Record<string, unknown>).authorization);
  if (query !== undefined) return query;
  return readCookie(request.headers.cookie, 'mercureAuthorization');
}

// The hub answers like the reference Mercure hub (plain text), not with the API's problem documents.
function refuse(reply: FastifyReply, status: 401, text: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(`${text}\n`);
}

export async function liveRoutes(app: FastifyInstance, deps: TAppDeps) {
  const hub = createSseHub({ live: deps.live, heartbeatSeconds: deps.config.liveHeartbeatSeconds });
  // Open streams would keep the HTTP server from closing: end them before it tries.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => hub.close());

  app.get('/api/get_mercure_jwt', { schema: { tags: ['live'], response: { 200: ZMercureTokenSchema, ...errorResponses(401, 403) } } }, async (req) =>
    service.getMercureToken({ ctx: contextOf(deps, req) }),
  );

  app.get(
    service.HUB_URL,
    {
      config: { public: true },
      schema: {
        tags: ['live'],
        summary: 'Mercure subscribe (server-sent events)',
        description: 'Authenticates itself with a token from /api/get_mercure_jwt (Authorization header, `authorization` query or mercureAuthorization cookie).',
        // Like the reference Mercure hub, refusals are plain text, not problem documents.
        response: {
          200: textResponse({ contentType: 'text/event-stream', description: 'The event stream of the requested topics.' }),
          ...errorResponses(400),
          401: textResponse({ contentType: 'text/plain', description: 'Missing, invalid or expired subscriber token, or a disabled account.' }),
        },
      },
    },
    async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const claims = await verifyMercureToken({ secret: deps.config.mercureJwtSecret, token: readSubscriberToken(req) });
      if (!claims) return refuse(reply, 401, 'Unauthorized');
      const rawTopics = query.topic;
      const selectors = (Array.isArray(rawTopics) ? rawTopics : [rawTopics]).filter(
        (t): t is string => typeof t === 'string' && t.length > 0,
      );
      if (!selectors.length) throw new AppError('bad_request', 'Missing "topic" parameter.');
      // Bounds the matching work one subscriber adds to every event.
      const limitProblem = findSelectorLimitProblem(selectors);
      if (limitProblem) throw new AppError('bad_request', limitProblem);
      const checkedAtMs = Date.now();
      const rights = await service.resolveSubscriberTopics({ deps, claims });
      if (!rights) return refuse(reply, 401, 'Unauthorized');
      const { owner } = rights;
      // A rights change whose event arrived while the account was read: the read may be stale, the client retries.
      if (hub.wasRevokedSince({ owner, sinceMs: checkedAtMs })) return refuse(reply, 401, 'Unauthorized');

      // Fastify answers HEAD with the GET handler: a HEAD must not hold a stream open until the token expires.
      if (req.method === 'HEAD') return reply.status(200).type('text/event-stream').header('cache-control', 'no-cache').send();

      const header = firstString(req.headers['last-event-id']);
      const lastEventId = header !== undefined && header !== '' ? header : firstString(query.lastEventID);

      reply.hijack();
      const raw = reply.raw;
      // Registered before history is read, so an event committed meanwhile is held back rather than missed.
      const subscription = hub.openSubscription({ raw, selectors, allowed: rights.allowed, expiresAtMs: claims.exp * 1000, owner });
      try {
        const replay = lastEventId
          ? await service.readReplayEvents({
              deps,
              request: service.parseLastEventId(lastEventId),
              selectors,
              allowed: rights.allowed,
            })
          : null;
        subscription.start({
          headers: replay ? { 'last-event-id': replay.lastEventIdHeader } : {},
          replay: replay?.events ?? [],
        });
      } catch (err) {
        req.log.error({ err }, 'live replay failed');
        const wasOpen = !subscription.closed;
        subscription.close();
        if (wasOpen && !raw.headersSent && !raw.destroyed) {
          raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          raw.end('Internal Server Error\n');
        }
      }
    },
  );
}
