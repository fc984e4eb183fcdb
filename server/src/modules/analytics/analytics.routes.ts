import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAnalyticsQuerySchema, ZUsageMetricsSchema, type TAnalyticsQuery } from '@cd/contracts/analytics';
import type { TAppDeps } from '../../context';
import { validationError, violationsFromZod } from '../../lib/errors';
import { errorResponses, textResponse } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { analyticsCsv } from './analytics-csv';
import { getAnalytics } from './analytics.service';

const READ = errorResponses(400, 401, 403, 422);

/**
 * A query that breaks the rules (reversed or too long range, a bad day, a period and a range together) is 422 with
 * violations, like a body: the analytics screen shows them next to its range fields.
 */
function queryOf(req: FastifyRequest): TAnalyticsQuery {
  if (!req.validationError) return req.query as TAnalyticsQuery;
  const parsed = ZAnalyticsQuerySchema.safeParse(req.query);
  if (parsed.success) return parsed.data;
  throw validationError(violationsFromZod(parsed.error));
}

/** /analytics (spec part 1 §2): usage metrics of a period or range, and the same as CSV. Company admins only. */
export async function analyticsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];
  r.get(
    '/api/analytics',
    { attachValidation: true, schema: { tags, querystring: ZAnalyticsQuerySchema, response: { 200: ZUsageMetricsSchema, ...READ } } },
    async (req) => getAnalytics({ ctx: contextOf(deps, req), query: queryOf(req) }),
  );
  r.get(
    '/api/analytics/export.csv',
    {
      attachValidation: true,
      schema: {
        tags,
        querystring: ZAnalyticsQuerySchema,
        response: { 200: textResponse({ contentType: 'text/csv', description: 'The per-day and per-agent tables of the range as CSV.' }), ...READ },
      },
    },
    async (req, reply) => {
      const metrics = await getAnalytics({ ctx: contextOf(deps, req), query: queryOf(req) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${metrics.from}-${metrics.to}.csv"`)
        .send(analyticsCsv(metrics));
    },
  );
}
