import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAutomatedMessageListQuerySchema, ZAutomatedMessageSchema } from '@cd/contracts/automated-message';
import type { TAppDeps } from '../../context';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './automations.service';

/** The automated messages of one entity, as its screen lists them (the whole list: a handful per entity). */
export async function automationsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/automated_messages',
    {
      schema: {
        tags: ['automated_messages'],
        querystring: ZAutomatedMessageListQuerySchema,
        response: { 200: hydraCollectionOf(ZAutomatedMessageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const member = await service.listAutomatedMessages({ ctx: contextOf(deps, req), query: req.query });
      return toCollection({
        path: '/api/automated_messages',
        query: req.query,
        member,
        totalItems: member.length,
        page: 1,
        itemsPerPage: member.length,
        paginated: false,
      });
    },
  );
  r.put(
    '/api/automated_messages/:id/send_now',
    {
      schema: {
        tags: ['automated_messages'],
        params: ZIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: ZAutomatedMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (req) => service.sendAutomatedMessageNow({ ctx: contextOf(deps, req), id: req.params.id }),
  );
}
