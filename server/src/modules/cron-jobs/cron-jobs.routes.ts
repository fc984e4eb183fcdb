import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCronJobNameParamsSchema, ZCronJobPatchSchema, ZCronJobSchema, ZCronRunListQuerySchema, ZCronRunSchema } from '@cd/contracts/cron-jobs';
import type { TAppDeps } from '../../context';
import { keysetListCollection, toCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import * as service from './cron-jobs.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409, 415, 422);
const ZEmptyBodySchema = z.strictObject({}).nullish();

/** Scheduled jobs (issue 20, docs/scheduled-jobs.md): the registry, its switches, run now and run history. */
export async function cronJobsRoutes(app: FastifyInstance, deps: TAppDeps, opts: { jobs: service.TCronRegistry }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cron-jobs'];
  const { jobs } = opts;

  r.get('/api/cron_jobs', { schema: { tags, response: { 200: hydraCollectionOf(ZCronJobSchema), ...errorResponses(401, 403) } } }, async (req) => {
    const member = await service.listCronJobs({ ctx: contextOf(deps, req), jobs });
    return toCollection({ path: '/api/cron_jobs', query: {}, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
  });
  r.get('/api/cron_jobs/:name', { schema: { tags, params: ZCronJobNameParamsSchema, response: { 200: ZCronJobSchema, ...READ } } }, async (req) =>
    service.getCronJob({ ctx: contextOf(deps, req), jobs, name: req.params.name }),
  );
  r.patch(
    '/api/cron_jobs/:name',
    { schema: { tags, params: ZCronJobNameParamsSchema, body: ZCronJobPatchSchema, response: { 200: ZCronJobSchema, ...WRITE } } },
    async (req) => service.patchCronJob({ ctx: contextOf(deps, req), jobs, name: req.params.name, enabled: req.body.enabled }),
  );
  r.post(
    '/api/cron_jobs/:name/run',
    { schema: { tags, params: ZCronJobNameParamsSchema, body: ZEmptyBodySchema, response: { 202: ZCronRunSchema, ...WRITE } } },
    async (req, reply) => reply.status(202).send(await service.runCronJob({ ctx: contextOf(deps, req), jobs, name: req.params.name })),
  );
  r.get(
    '/api/cron_jobs/:name/runs',
    {
      schema: { tags, params: ZCronJobNameParamsSchema, querystring: ZCronRunListQuerySchema, response: { 200: cappedCollectionOf(ZCronRunSchema), ...READ } },
    },
    async (req) => {
      const before = req.query['startedAt[strictly_before]'];
      const page = await service.listCronRuns({
        ctx: contextOf(deps, req),
        jobs,
        name: req.params.name,
        before: before ? new Date(before) : undefined,
        idLt: req.query['id[lt]'],
      });
      return keysetListCollection({
        path: `/api/cron_jobs/${encodeURIComponent(req.params.name)}/runs`,
        context: '/api/contexts/CronJobRun',
        query: req.query,
        timeField: 'startedAt',
        page: { ...page, total: null },
      });
    },
  );
}
