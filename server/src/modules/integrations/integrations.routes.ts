import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZServiceWritersSyncSchema, ZVerifyPaymentCredentialsAnswerSchema, ZVerifyPaymentCredentialsSchema } from '@cd/contracts/integrations';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import * as service from './integrations.service';

export async function integrationsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/payment/verify_credentials', { schema: { tags: ['payment'], body: ZVerifyPaymentCredentialsSchema, response: { 200: ZVerifyPaymentCredentialsAnswerSchema, ...errorResponses(400, 401, 403, 404, 415, 422) } } }, async (req) =>
    service.verifyPaymentCredentials({ ctx: contextOf(deps, req), input: req.body }),
  );

  r.post('/api/dms/service_writers_sync', {
      schema: {
        tags: ['dms'],
        body: ZServiceWritersSyncSchema,
        // No dealer-system connector on this server: a valid request is refused with 409, there is no success answer yet.
        response: errorResponses(400, 401, 403, 404, 409, 415, 422),
      },
    }, async (req) =>
    service.syncServiceWriters({ ctx: contextOf(deps, req), input: req.body }),
  );
}
