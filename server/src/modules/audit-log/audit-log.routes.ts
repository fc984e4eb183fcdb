import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuditEntrySchema, ZAuditListQuerySchema } from '@cd/contracts/audit';
import type { TAppDeps } from '../../context';
import { keysetListCollection } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { listAuditLog } from './audit-log.service';

/** The client adds `impersonate` to every call while impersonating; the list's own filters stay strict. */
const ZQuerySchema = ZAuditListQuerySchema.extend({ impersonate: z.string().max(254).optional() });

export async function auditLogRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit_log',
    {
      schema: {
        tags: ['audit'],
        summary: 'Who did what to which entity, newest first, 50 per page (super admins: every company; company admins: their own).',
        querystring: ZQuerySchema,
        response: { 200: cappedCollectionOf(ZAuditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { impersonate: _impersonate, ...query } = req.query;
      const page = await listAuditLog({ ctx: contextOf(deps, req), query });
      return keysetListCollection({ path: '/api/audit_log', context: '/api/contexts/AuditEntry', query, page });
    },
  );
}
