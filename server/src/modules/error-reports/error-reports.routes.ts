import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_REPORTS_PER_PAGE, MAX_ERROR_ENVELOPE_BYTES, ZErrorReportReleasesSchema, ZErrorReportSchema, ZSentryTunnelResultSchema } from '@cd/contracts/error-report';
import { decimalIntOf } from '@cd/contracts/ids';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { timeKeysetCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { ZBooleanQuerySchema, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { authenticate } from '../auth/auth.service';
import * as service from './error-reports.service';

/** A crashing page reports once per error (the client dedupes); more than this per address and minute is a flood. */
export const ERROR_REPORTS_MAX_PER_IP = 20;
/** All addresses together: a spread-out flood cannot fill the table faster than this. */
export const ERROR_REPORTS_MAX_TOTAL = 600;
const WINDOW_MS = 60_000;

const ZListQuerySchema = z.object({
  release: z.string().trim().min(1).max(200).optional(),
  'receivedAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  /** Tie-breaker of the keyset cursor: rows of that same instant with a smaller id. */
  'id[lt]': decimalIntOf({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).default(ERROR_REPORTS_PER_PAGE),
  exactTotal: ZBooleanQuerySchema.optional(),
});

/** The signed-in user behind a report, if its bearer token is valid; a bad token only makes the report anonymous. */
async function reporterOf(deps: TAppDeps, req: FastifyRequest) {
  if (!req.headers.authorization) return null;
  try {
    const actor = await authenticate({ deps, authorization: req.headers.authorization, impersonate: undefined, method: req.method, url: req.url });
    return { userId: actor.realUser.id, companyId: actor.realUser.companyId };
  } catch {
    return null;
  }
}

export async function errorReportsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const perIp = new WindowCounter(WINDOW_MS);
  const total = new WindowCounter(WINDOW_MS);
  const tags = ['error-reports'];

  // Own scope: the tunnel reads any content type as raw bytes (SDKs send text/plain or x-sentry-envelope).
  await app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ERROR_ENVELOPE_BYTES }, (_req, body, done) => done(null, body));
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/api/public/sentry_tunnel',
      {
        config: { public: true },
        bodyLimit: MAX_ERROR_ENVELOPE_BYTES,
        // Counted before the body is read, so junk and oversize bodies count too.
        onRequest: async (req) => {
          const key = `ip:${req.ip}`;
          if (perIp.add(key) > ERROR_REPORTS_MAX_PER_IP)
            throw new AppError('rate_limited', 'Too many error reports. Try again later.', undefined, { 'retry-after': String(perIp.retryAfterSeconds(key)) });
          if (total.add('all') > ERROR_REPORTS_MAX_TOTAL)
            throw new AppError('rate_limited', 'Too many error reports. Try again later.', undefined, { 'retry-after': String(total.retryAfterSeconds('all')) });
        },
        schema: {
          tags,
          summary: 'Receives a Sentry envelope (error events of the web app).',
          response: { 200: ZSentryTunnelResultSchema, ...errorResponses(400, 413, 429) },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 'The envelope is empty.');
        return service.receiveErrorEnvelope({ deps, body: req.body, userAgent: req.headers['user-agent'], reporter: await reporterOf(deps, req) });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/error_reports',
    { schema: { tags, querystring: ZListQuerySchema, response: { 200: cappedCollectionOf(ZErrorReportSchema), ...errorResponses(400, 401, 403) } } },
    async (req) => {
      const q = req.query;
      const strictlyBefore = q['receivedAt[strictly_before]'];
      const page = await service.listErrorReports({
        ctx: contextOf(deps, req),
        release: q.release,
        before: strictlyBefore ? { receivedAt: new Date(strictlyBefore), id: q['id[lt]'] } : undefined,
        limit: q.itemsPerPage,
        exactTotal: q.exactTotal,
      });
      const params = new URLSearchParams({ itemsPerPage: String(q.itemsPerPage) });
      if (q.release) params.set('release', q.release);
      return timeKeysetCollection({
        path: '/api/error_reports',
        context: '/api/contexts/ErrorReport',
        params,
        timeField: 'receivedAt',
        strictlyBefore,
        idLt: q['id[lt]'],
        page: { ...page, last: page.last && { at: page.last.receivedAt, id: page.last.id } },
      });
    },
  );
  r.get(
    '/api/error_reports/releases',
    { schema: { tags, response: { 200: ZErrorReportReleasesSchema, ...errorResponses(401, 403) } } },
    async (req) => service.listErrorReportReleases({ ctx: contextOf(deps, req) }),
  );
  r.get(
    '/api/error_reports/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZErrorReportSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => service.getErrorReport({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
