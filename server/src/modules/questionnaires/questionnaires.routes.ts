import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLinkCodeParamsSchema } from '@cd/contracts/customer-link';
import {
  ZPublicQuestionnairePageSchema,
  ZQuestionnaireCreateSchema,
  ZQuestionnaireListQuerySchema,
  ZQuestionnairePatchSchema,
  ZQuestionnaireResponseListQuerySchema,
  ZQuestionnaireResponseSchema,
  ZQuestionnaireSchema,
  ZQuestionnaireSendResultSchema,
  ZQuestionnaireSendSchema,
} from '@cd/contracts/questionnaires';
import type { TAppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { keysetListCollection, listFilterParams, timeKeysetCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent } from '../../lib/openapi';
import { WindowCounter } from '../../lib/rate-limiter';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { readPublicQuestionnaire, submitPublicQuestionnaire } from './questionnaires-public.service';
import { getQuestionnaireResponse, listQuestionnaireResponses, sendQuestionnaire } from './questionnaires-send.service';
import * as service from './questionnaires.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);
const ZEmptyBodySchema = z.strictObject({}).nullish();
/** 50 questions of 20 options of 200 characters fit in well under this. */
const BUILDER_BODY_LIMIT = 512 * 1024;
/** 50 answers of at most 2,000 characters. */
const ANSWER_BODY_LIMIT = 128 * 1024;
/** Public reads and answers per address and minute: a person opens, answers and reloads; a script walking codes is stopped. */
export const QUESTIONNAIRE_PUBLIC_PER_IP = 30;

/** Questionnaires (spec part 1 §7 generic entity calls), sending them, their responses, and the public answer page's API. */
export async function questionnairesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['questionnaires'];

  r.get(
    '/api/questionnaires',
    { schema: { tags, querystring: ZQuestionnaireListQuerySchema, response: { 200: cappedCollectionOf(ZQuestionnaireSchema), ...READ } } },
    async (req) => {
      const query = req.query;
      const page = await service.listQuestionnaires({ ctx: contextOf(deps, req), query });
      return keysetListCollection({ path: '/api/questionnaires', context: '/api/contexts/Questionnaire', query, page });
    },
  );
  r.get('/api/questionnaires/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZQuestionnaireSchema, ...READ } } }, async (req) =>
    service.getQuestionnaire({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/questionnaires',
    { bodyLimit: BUILDER_BODY_LIMIT, schema: { tags, body: ZQuestionnaireCreateSchema, response: { 201: ZQuestionnaireSchema, ...WRITE } } },
    async (req, reply) => reply.status(201).send(await service.createQuestionnaire({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.put(
    '/api/questionnaires/:id',
    {
      bodyLimit: BUILDER_BODY_LIMIT,
      schema: { tags, params: ZIdParamsSchema, body: ZQuestionnaireCreateSchema, response: { 200: ZQuestionnaireSchema, ...WRITE } },
    },
    async (req) => service.changeQuestionnaire({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.patch(
    '/api/questionnaires/:id',
    {
      bodyLimit: BUILDER_BODY_LIMIT,
      schema: { tags, params: ZIdParamsSchema, body: ZQuestionnairePatchSchema, response: { 200: ZQuestionnaireSchema, ...WRITE } },
    },
    async (req) => service.changeQuestionnaire({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.delete('/api/questionnaires/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await service.deleteQuestionnaire({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  for (const action of ['archive', 'unarchive'] as const)
    r.put(
      `/api/questionnaires/:id/${action}`,
      { schema: { tags, params: ZIdParamsSchema, body: ZEmptyBodySchema, response: { 200: ZQuestionnaireSchema, ...WRITE } } },
      async (req) => service.setQuestionnaireArchived({ ctx: contextOf(deps, req), id: req.params.id, archived: action === 'archive' }),
    );
  r.post(
    '/api/questionnaires/:id/send',
    { schema: { tags, params: ZIdParamsSchema, body: ZQuestionnaireSendSchema, response: { 200: ZQuestionnaireSendResultSchema, ...WRITE } } },
    async (req) => sendQuestionnaire({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );

  const responsesCollection = (path: string, query: Record<string, unknown>, page: Awaited<ReturnType<typeof listQuestionnaireResponses>>) =>
    timeKeysetCollection({
      path,
      context: '/api/contexts/QuestionnaireResponse',
      params: listFilterParams({ query, cursorKeys: ['sentAt[strictly_before]', 'id[lt]'] }),
      timeField: 'sentAt',
      strictlyBefore: query['sentAt[strictly_before]'] as string | undefined,
      idLt: query['id[lt]'] as number | undefined,
      page: { ...page, total: null },
    });
  r.get(
    '/api/questionnaire_responses',
    { schema: { tags, querystring: ZQuestionnaireResponseListQuerySchema, response: { 200: cappedCollectionOf(ZQuestionnaireResponseSchema), ...READ } } },
    async (req) =>
      responsesCollection('/api/questionnaire_responses', req.query, await listQuestionnaireResponses({ ctx: contextOf(deps, req), query: req.query })),
  );
  r.get(
    '/api/customers/:id/questionnaire_responses',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        querystring: ZQuestionnaireResponseListQuerySchema.omit({ customer: true }),
        response: { 200: cappedCollectionOf(ZQuestionnaireResponseSchema), ...READ },
      },
    },
    async (req) => {
      const query = { ...req.query, customer: req.params.id };
      const path = `/api/customers/${req.params.id}/questionnaire_responses`;
      return responsesCollection(path, req.query, await listQuestionnaireResponses({ ctx: contextOf(deps, req), query }));
    },
  );
  r.get(
    '/api/questionnaire_responses/:id',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZQuestionnaireResponseSchema, ...READ } } },
    async (req) => getQuestionnaireResponse({ ctx: contextOf(deps, req), id: req.params.id }),
  );

  // Public (no sign-in): the page of a questionnaire link. Counted before validation, so malformed codes count too.
  const perIp = new WindowCounter(60_000);
  const limit = (req: FastifyRequest) => {
    const key = `questionnaire:${req.ip}`;
    if (perIp.add(key) > QUESTIONNAIRE_PUBLIC_PER_IP)
      throw new AppError('rate_limited', 'Too many requests. Try again later.', undefined, { 'retry-after': String(perIp.retryAfterSeconds(key)) });
  };
  const PUBLIC_ERRORS = errorResponses(400, 404, 410, 429);
  r.get(
    '/api/public/questionnaires/:code',
    {
      config: { public: true },
      onRequest: async (req) => limit(req),
      schema: { tags: ['public'], params: ZLinkCodeParamsSchema, response: { 200: ZPublicQuestionnairePageSchema, ...PUBLIC_ERRORS } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ZPublicQuestionnairePageSchema.parse(await readPublicQuestionnaire({ deps, code: req.params.code }));
    },
  );
  r.post(
    '/api/public/questionnaires/:code/answers',
    {
      config: { public: true },
      bodyLimit: ANSWER_BODY_LIMIT,
      onRequest: async (req) => limit(req),
      schema: {
        tags: ['public'],
        params: ZLinkCodeParamsSchema,
        body: z.unknown().describe('ZQuestionnaireSubmitSchema; validated against the questions as sent.'),
        response: { 200: ZPublicQuestionnairePageSchema, ...PUBLIC_ERRORS, ...errorResponses(409, 413, 415, 422) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ZPublicQuestionnairePageSchema.parse(await submitPublicQuestionnaire({ deps, code: req.params.code, body: req.body }));
    },
  );
}
