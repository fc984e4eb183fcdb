import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZServiceWritersSyncSchema, ZVerifyPaymentCredentialsSchema } from '@cd/contracts/integrations';
import type { TAppDeps } from '../../context';
import { contextOf } from '../../plugins/auth';
import * as service from './integrations.service';

export async function integrationsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/payment/verify_credentials', { schema: { tags: ['payment'], body: ZVerifyPaymentCredentialsSchema } }, async (req) =>
    service.verifyPaymentCredentials({ ctx: contextOf(deps, req), input: req.body }),
  );

  r.post('/api/dms/service_writers_sync', { schema: { tags: ['dms'], body: ZServiceWritersSyncSchema } }, async (req) =>
    service.syncServiceWriters({ ctx: contextOf(deps, req), input: req.body }),
  );
}
