import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTaskDoneSchema, ZTaskListQuerySchema, ZTaskSchema } from '@cd/contracts/task';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './tasks.service';

/** Staff tasks: the caller's open follow-ups (by due time) and closing one. */
export async function tasksRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tasks'];
  r.get(
    '/api/tasks',
    { schema: { tags, querystring: ZTaskListQuerySchema, response: { 200: hydraCollectionOf(ZTaskSchema), ...errorResponses(400, 401, 403) } } },
    async (req) => {
      const member = await service.listTasks({ ctx: contextOf(deps, req), query: req.query });
      return toCollection({ path: '/api/tasks', query: req.query, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
    },
  );
  r.put(
    '/api/tasks/:id/done',
    { schema: { tags, params: ZIdParamsSchema, body: ZTaskDoneSchema, response: { 200: ZTaskSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) } } },
    async (req) => service.completeTask({ ctx: contextOf(deps, req), id: req.params.id, note: req.body?.note || null }),
  );
}
