import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZWebhookReplayResultSchema, ZWebhookRequestDetailSchema, ZWebhookRequestListQuerySchema, ZWebhookRequestSchema } from '@cd/contracts/dev-logs';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './webhook-log.service';

const PATH = '/api/development/webhook_requests';

/** The incoming-webhook log of the development section (super admins only). */
export async function webhookLogRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['development'];

  r.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Incoming webhooks, newest first.',
        querystring: ZWebhookRequestListQuerySchema,
        response: { 200: cappedCollectionOf(ZWebhookRequestSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (req) => {
      const page = await service.listWebhookRequests({ ctx: contextOf(deps, req), query: req.query });
      return keysetListCollection({ path: PATH, context: '/api/contexts/WebhookRequest', query: req.query, page });
    },
  );

  r.get(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'One incoming webhook with its redacted headers and body.',
        params: ZIdParamsSchema,
        response: { 200: ZWebhookRequestDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.getWebhookRequest({ ctx: contextOf(deps, req), id: req.params.id }),
  );

  r.post(
    `${PATH}/:id/replay`,
    {
      schema: {
        tags,
        summary: 'Re-runs the webhook handler on a stored delivery (idempotent); answers the new entry.',
        params: ZIdParamsSchema,
        response: { 200: ZWebhookReplayResultSchema, ...errorResponses(400, 401, 403, 404, 422, 503) },
      },
    },
    async (req) =>
      service.replayWebhookRequest({
        ctx: contextOf(deps, req),
        id: req.params.id,
        inject: (o) => app.inject(o),
      }),
  );
}
