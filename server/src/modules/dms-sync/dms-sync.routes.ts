import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import * as service from './dms-sync.service';

const listOf = <T extends z.ZodType>(item: T) => z.object({ member: z.array(item), totalItems: z.number().int() });

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
    { schema: { tags, querystring: ZDmsSyncRunsQuerySchema, response: { 200: listOf(ZDmsSyncRunSchema), ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const rows = await service.listSyncRuns({ ctx: contextOf(deps, req), companyId: req.query.companyId, kind: req.query.kind });
      return { member: rows.map(service.toRunResource), totalItems: rows.length };
    },
  );

  r.get(
    '/api/dms/pushes',
    { schema: { tags, querystring: ZDmsPushesQuerySchema, response: { 200: listOf(ZDmsPushSchema), ...errorResponses(400, 401, 403, 404) } } },
    async (req) => {
      const rows = await service.listOrderPushes({ ctx: contextOf(deps, req), repairOrderId: req.query.repairOrder });
      return { member: rows.map(service.toPushResource), totalItems: rows.length };
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
