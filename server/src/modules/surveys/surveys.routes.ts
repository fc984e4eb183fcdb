import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSurveyListQuerySchema, ZSurveyResolveSchema, ZSurveySchema, ZSurveyStatsQuerySchema, ZSurveyStatsSchema } from '@cd/contracts/survey';
import type { TAppDeps } from '../../context';
import { listFilterParams, timeKeysetCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, textResponse } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './surveys.service';

/** The survey dashboard (company admins): the list, one survey, the stats, the CSV export and resolving. */
export async function surveysRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['surveys'];
  r.get(
    '/api/surveys',
    { schema: { tags, querystring: ZSurveyListQuerySchema, response: { 200: cappedCollectionOf(ZSurveySchema), ...errorResponses(400, 401, 403) } } },
    async (req) => {
      const q = req.query;
      const before = q['message.sentAt[strictly_before]'];
      const page = await service.listSurveys({ ctx: contextOf(deps, req), query: q, before: before ? new Date(before) : undefined, idLt: q['id[lt]'] });
      return timeKeysetCollection({
        path: '/api/surveys',
        context: '/api/contexts/Survey',
        params: listFilterParams({ query: req.query, cursorKeys: ['message.sentAt[strictly_before]', 'id[lt]', 'exactTotal'] }),
        timeField: 'message.sentAt',
        strictlyBefore: before,
        idLt: q['id[lt]'],
        page,
      });
    },
  );
  r.get(
    '/api/surveys/stats',
    { schema: { tags, querystring: ZSurveyStatsQuerySchema, response: { 200: ZSurveyStatsSchema, ...errorResponses(400, 401, 403) } } },
    async (req) => service.surveyStats({ ctx: contextOf(deps, req), from: req.query.from, to: req.query.to }),
  );
  r.get(
    '/api/surveys/export.csv',
    {
      schema: {
        tags,
        querystring: ZSurveyListQuerySchema,
        response: {
          200: textResponse({ contentType: 'text/csv', description: 'The filtered surveys as CSV (newest first).' }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      const csv = await service.exportSurveysCsv({ ctx: contextOf(deps, req), query: req.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="surveys-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );
  r.get(
    '/api/surveys/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZSurveySchema, ...errorResponses(400, 401, 403, 404) } } },
    async (req) => service.getSurvey({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.put(
    '/api/surveys/:id/resolve',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        body: ZSurveyResolveSchema,
        response: { 200: ZSurveySchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => service.resolveSurvey({ ctx: contextOf(deps, req), id: req.params.id, note: req.body?.note || null }),
  );
}
