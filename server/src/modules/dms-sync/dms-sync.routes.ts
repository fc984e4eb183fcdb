import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDmsPushesQuerySchema,
  ZDmsPushSchema,
  ZDmsServiceWritersSyncAnswerSchema,
  ZDmsSyncRequestSchema,
  ZDmsSyncRunSchema,
  ZDmsSyncRunsQuerySchema,
  ZDmsSyncStartedSchema,
} from '@cd/contracts/dms-sync';
import { ZServiceWritersSyncSchema } from '@cd/contracts/integrations';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import * as service from './dms-sync.service';

/** A short list in one page (no paging: the latest runs, one order's pushes). */
function listOf<T>(opts: { path: string; query: Record<string, unknown>; member: T[] }) {
  return toCollection({ ...opts, totalItems: opts.member.length, page: 1, itemsPerPage: Math.max(1, opts.member.length), paginated: false });
}

export async function dmsSyncRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dms'];

  // 202: the import runs as a job; the DMS tab polls the runs list for its outcome.
  r.post(
    '/api/dms/sync',
    { schema: { tags, body: ZDmsSyncRequestSchema, response: { 202: ZDmsSyncStartedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) } } },
    async (req, reply) => reply.status(202).send(await service.requestImport({ ctx: contextOf(deps, req), companyId: req.body.companyId })),
  );

  r.get(
    '/api/dms/sync_runs',
    { schema: { tags, querystring: ZDmsSyncRunsQuerySchema, response: { 200: hydraCollectionOf(ZDmsSyncRunSchema), ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const rows = await service.listSyncRuns({ ctx: contextOf(deps, req), companyId: req.query.companyId, kind: req.query.kind });
      return listOf({ path: '/api/dms/sync_runs', query: req.query, member: rows.map(service.toRunResource) });
    },
  );

  r.get(
    '/api/dms/pushes',
    { schema: { tags, querystring: ZDmsPushesQuerySchema, response: { 200: hydraCollectionOf(ZDmsPushSchema), ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const rows = await service.listOrderPushes({ ctx: contextOf(deps, req), repairOrderId: req.query.repairOrder });
      return listOf({ path: '/api/dms/pushes', query: req.query, member: rows.map(service.toPushResource) });
    },
  );

  r.post(
    '/api/dms/service_writers_sync',
    {
      schema: {
        tags,
        body: ZServiceWritersSyncSchema,
        response: { 200: ZDmsServiceWritersSyncAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => service.syncServiceWriters({ ctx: contextOf(deps, req), log: req.log, input: req.body }),
  );
}
