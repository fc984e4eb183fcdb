import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBCHAT_LIMITS,
  WEBCHAT_MESSAGES,
  ZWebchatMessageListSchema,
  ZWebchatPhoneSchema,
  ZWebchatSendSchema,
  ZWebchatSessionSchema,
  ZWebchatSettingsPatchSchema,
  ZWebchatSettingsSchema,
  ZWebchatStartSchema,
} from '@cd/contracts/webchat';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses as baseErrorResponses, noContent, textResponse, ZProblemSchema } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { contextOf } from '../../plugins/auth';
import * as service from './webchat.service';
import { createVisitorStreams, openVisitorStream } from './webchat.stream';

const MINUTE = 60_000;
/** A visitor's 401 (no or unknown token) is a problem document like its other errors, not the staff `{code, message}`. */
const errorResponses = (...statuses: Parameters<typeof baseErrorResponses>) => {
  const out = baseErrorResponses(...statuses);
  if (401 in out) out[401] = ZProblemSchema.describe('Missing or unknown visitor token.');
  return out;
};
/** Visitor bodies are small: a message of 1000 characters fits many times over. */
const BODY_LIMIT = 8 * 1024;
const tags = ['webchat'];
const publicTags = ['public', 'webchat'];

const firstHeader = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
const tokenOf = (req: FastifyRequest): string | null => {
  const h = firstHeader(req.headers.authorization);
  return h && h.startsWith('Bearer ') ? h.slice(7).trim() : null;
};
/**
 * The page's origin. A browser leaves Origin out of a same-origin GET (the widget on a page this app serves, like the
 * test page), but marks it `Sec-Fetch-Site: same-origin` (a header scripts cannot set): then the page is on this app's
 * own origin, which still has to be in the company's list like any other.
 */
const originOf = (req: FastifyRequest, appOrigin: string | null) =>
  firstHeader(req.headers.origin) ?? (firstHeader(req.headers['sec-fetch-site']) === 'same-origin' ? appOrigin : null);

/** CORS for one allowed origin only (the company's list was checked): the widget's page may read the answer. */
function allowOrigin(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

/**
 * Website chat (issue 21). Company admins: /api/webchat/settings. Visitors (no sign-in, `config.public`):
 * /api/public/webchat/* with a visitor token, from an allowed origin only, rate limited per token and per address.
 */
export async function webchatRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIpSessions = new WindowCounter(10 * MINUTE);
  const perToken = new WindowCounter(MINUTE);
  const perIp = new WindowCounter(MINUTE);
  const streams = createVisitorStreams(app);
  const appOrigin = (() => {
    try {
      return new URL(deps.config.publicUrl).origin.toLowerCase();
    } catch {
      return null;
    }
  })();

  const limit = (counter: WindowCounter, key: string, max: number) => {
    if (counter.add(key) > max)
      throw new AppError('rate_limited', WEBCHAT_MESSAGES.tooMany, undefined, { 'retry-after': String(counter.retryAfterSeconds(key)) });
  };

  r.get('/api/webchat/settings', { schema: { tags, response: { 200: ZWebchatSettingsSchema, ...baseErrorResponses(400, 401, 403) } } }, async (req) =>
    service.getWebchatSettings({ ctx: contextOf(deps, req) }),
  );
  r.patch(
    '/api/webchat/settings',
    { schema: { tags, body: ZWebchatSettingsPatchSchema, response: { 200: ZWebchatSettingsSchema, ...baseErrorResponses(400, 401, 403, 415, 422) } } },
    async (req) => service.patchWebchatSettings({ ctx: contextOf(deps, req), patch: req.body }),
  );

  // Preflight: it carries no key or token, so it is answered for an origin some enabled widget allows; the request
  // itself is then checked against its own company's list.
  r.options('/api/public/webchat/*', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    const origin = originOf(req, appOrigin);
    if (!origin || !(await service.isPreflightOriginAllowed({ deps, origin }))) return reply.status(403).send(null);
    allowOrigin(reply, origin);
    reply.header('access-control-allow-methods', 'GET, POST');
    reply.header('access-control-allow-headers', 'authorization, content-type');
    reply.header('access-control-max-age', '600');
    return reply.status(204).send(null);
  });

  r.post(
    '/api/public/webchat/sessions',
    {
      config: { public: true },
      bodyLimit: BODY_LIMIT,
      schema: { tags: publicTags, body: ZWebchatStartSchema, response: { 201: ZWebchatSessionSchema, ...errorResponses(400, 403, 404, 413, 415, 422, 429) } },
    },
    async (req, reply) => {
      limit(perIpSessions, `s:${req.ip}`, WEBCHAT_LIMITS.sessionsPerIpPer10Minutes);
      const { session, origin } = await service.startWebchatSession({
        deps,
        widgetKey: req.body.key,
        origin: originOf(req, appOrigin),
        ip: req.ip,
        userAgent: firstHeader(req.headers['user-agent']),
      });
      allowOrigin(reply, origin);
      return reply.status(201).send(session);
    },
  );

  const visitorOf = async (req: FastifyRequest, reply: FastifyReply) => {
    const visitor = await service.resolveVisitor({ deps, token: tokenOf(req), origin: originOf(req, appOrigin) });
    allowOrigin(reply, visitor.origin);
    return visitor;
  };

  r.get(
    '/api/public/webchat/messages',
    { config: { public: true }, schema: { tags: publicTags, response: { 200: ZWebchatMessageListSchema, ...errorResponses(401, 403, 404) } } },
    async (req, reply) => service.listWebchatMessages({ deps, visitor: await visitorOf(req, reply) }),
  );

  r.post(
    '/api/public/webchat/messages',
    {
      config: { public: true },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: publicTags,
        body: ZWebchatSendSchema,
        response: { 202: z.object({ id: z.number().nullable() }), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (req, reply) => {
      limit(perIp, `m:${req.ip}`, WEBCHAT_LIMITS.messagesPerIpPerMinute);
      const token = tokenOf(req);
      if (token) limit(perToken, `t:${token}`, WEBCHAT_LIMITS.messagesPerTokenPerMinute);
      const visitor = await visitorOf(req, reply);
      const result = await service.sendWebchatMessage({ deps, visitor, body: req.body.body, honeypot: req.body.website });
      return reply.status(202).send(result);
    },
  );

  r.post(
    '/api/public/webchat/read',
    {
      config: { public: true },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: publicTags,
        body: z.strictObject({ upToId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (req, reply) => {
      limit(perIp, `r:${req.ip}`, WEBCHAT_LIMITS.messagesPerIpPerMinute);
      await service.markWebchatRead({ deps, visitor: await visitorOf(req, reply), upToId: req.body.upToId });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/public/webchat/phone',
    {
      config: { public: true },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: publicTags,
        body: ZWebchatPhoneSchema,
        response: { 200: ZWebchatMessageListSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (req, reply) => {
      limit(perIp, `p:${req.ip}`, WEBCHAT_LIMITS.messagesPerIpPerMinute);
      const visitor = await visitorOf(req, reply);
      return service.leaveWebchatPhone({ deps, visitor, phone: req.body.phone });
    },
  );

  r.get(
    '/api/public/webchat/stream',
    {
      config: { public: true },
      schema: {
        tags: publicTags,
        summary: "The visitor's live replies (server-sent events)",
        response: {
          200: textResponse({ contentType: 'text/event-stream', description: "The agent's replies of this visitor's chat only." }),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (req, reply) => {
      limit(perIp, `st:${req.ip}`, WEBCHAT_LIMITS.messagesPerIpPerMinute);
      const visitor = await visitorOf(req, reply);
      if (req.method === 'HEAD') return reply.status(200).type('text/event-stream').send('');
      openVisitorStream({ streams, deps, req, reply, visitor });
    },
  );
}
