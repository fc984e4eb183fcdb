import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZVerifyPaymentCredentialsAnswerSchema, ZVerifyPaymentCredentialsSchema } from '@cd/contracts/integrations';
import type { TAppDeps } from '../../context';
import { errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import * as service from './integrations.service';

export async function integrationsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/payment/verify_credentials', { schema: { tags: ['payment'], body: ZVerifyPaymentCredentialsSchema, response: { 200: ZVerifyPaymentCredentialsAnswerSchema, ...errorResponses(400, 401, 403, 404, 415, 422) } } }, async (req) =>
    service.verifyPaymentCredentials({ ctx: contextOf(deps, req), input: req.body }),
  );

  // POST /api/dms/service_writers_sync moved to modules/dms-sync (it now talks to the DMS).
}
