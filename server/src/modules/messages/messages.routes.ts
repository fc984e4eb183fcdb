import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES_PER_PAGE, ZMessageSendFieldsSchema, ZMessageTemplateSchema } from '@cd/contracts/message';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError, validationError, violationsFromZod } from '../../lib/errors';
import { iri, keysetView, toCollection } from '../../lib/hydra';
import { ZIdOrIriSchema, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { customerScopeOf } from '../customers/customers.service';
import { discardAttachments, readMultipartAttachments } from '../media/read-multipart-attachments';
import * as repo from './messages.repository';
import * as service from './messages.service';

const ZThreadQuerySchema = z.object({
  customer: ZIdOrIriSchema,
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(MESSAGES_PER_PAGE),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
});

export async function messagesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  r.get('/api/messages', { schema: { tags, querystring: ZThreadQuerySchema } }, async (req) => {
    const q = req.query;
    const limit = q.itemsPerPage ?? q.per_page;
    const before = q['createdAt[strictly_before]'] ? new Date(q['createdAt[strictly_before]']) : undefined;
    const page = await service.listMessages({ ctx: contextOf(deps, req), customerId: q.customer, before, limit });
    const base = `/api/messages?customer=${q.customer}&per_page=${limit}`;
    return {
      '@context': '/api/contexts/Message',
      '@id': '/api/messages',
      '@type': 'Collection',
      member: page.member,
      totalItems: page.member.length,
      view: keysetView({ base, before, oldestShown: page.full && page.oldest ? page.oldest.createdAt : null }),
    };
  });

  r.post('/api/messages', { schema: { tags } }, async (req, reply) => {
    const ctx = contextOf(deps, req);
    const companyId = customerScopeOf(ctx).companyId;
    const { fields, mediaIds } = await readMultipartAttachments({ deps, companyId, userId: ctx.actor.user.id, req });
    const parsed = ZMessageSendFieldsSchema.safeParse(fields);
    const customerId = parsed.success ? (parsed.data.customerId ?? (parsed.data.customerIri ? Number(parsed.data.customerIri.split('/').pop()) : undefined)) : undefined;
    if (!parsed.success || customerId === undefined) {
      await discardAttachments({ deps, companyId, mediaIds });
      if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
      throw validationError([{ propertyPath: 'customerId', message: 'Choose the customer to write to.' }]);
    }
    const message = await service.sendMessage({
      ctx,
      customerId,
      content: parsed.data.content,
      channel: parsed.data.channel,
      scheduledAt: parsed.data.scheduledAt ? new Date(parsed.data.scheduledAt) : undefined,
      mediaIds,
    });
    return reply.status(201).send(message);
  });

  r.post('/api/messages/:id/retry', { schema: { tags, params: ZIdParamsSchema } }, async (req) =>
    service.retryMessage({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/messages/:id/send_scheduled', { schema: { tags, params: ZIdParamsSchema } }, async (req) =>
    service.sendScheduledNow({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/messages/:id/remove_scheduled', { schema: { tags, params: ZIdParamsSchema } }, async (req, reply) => {
    await service.removeScheduled({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send();
  });

  // Message templates (predefined messages): every user of the company reads them, company admins write them.
  const present = (t: { id: number; text: string; companyId: number }) => ({
    '@id': iri('message_templates', t.id),
    '@type': 'MessageTemplate',
    id: t.id,
    text: t.text,
    company: iri('companies', t.companyId),
  });
  const adminScope = (ctx: TRequestContext) => {
    if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change message templates.');
    return customerScopeOf(ctx).companyId;
  };
  r.get('/api/message_templates', { schema: { tags: ['message_templates'] } }, async (req) => {
    const companyId = customerScopeOf(contextOf(deps, req)).companyId;
    const rows = await runInScope(deps.db, { companyId }, (tx) => repo.listTemplates(tx, { companyId }));
    return toCollection({ path: '/api/message_templates', query: {}, member: rows.map(present), totalItems: rows.length, page: 1, itemsPerPage: rows.length, paginated: false });
  });
  r.post('/api/message_templates', { schema: { tags: ['message_templates'], body: ZMessageTemplateSchema } }, async (req, reply) => {
    const companyId = adminScope(contextOf(deps, req));
    if (req.body.company && Number(req.body.company.split('/').pop()) !== companyId) throw new AppError('not_found', 'Company not found.');
    const row = await runInScope(deps.db, { companyId }, (tx) => repo.insertTemplate(tx, { companyId, text: req.body.text }));
    return reply.status(201).send(present(row));
  });
  for (const method of ['PATCH', 'PUT'] as const)
    r.route({
      method,
      url: '/api/message_templates/:id',
      schema: { tags: ['message_templates'], params: ZIdParamsSchema, body: ZMessageTemplateSchema.pick({ text: true }) },
      handler: async (req) => {
        const companyId = adminScope(contextOf(deps, req));
        const row = await runInScope(deps.db, { companyId }, (tx) => repo.updateTemplate(tx, { companyId, id: req.params.id, text: req.body.text }));
        if (!row) throw new AppError('not_found', 'Message template not found.');
        return present(row);
      },
    });
  r.get('/api/message_templates/:id', { schema: { tags: ['message_templates'], params: ZIdParamsSchema } }, async (req) => {
    const companyId = customerScopeOf(contextOf(deps, req)).companyId;
    const row = await runInScope(deps.db, { companyId }, (tx) => repo.findTemplate(tx, { companyId, id: req.params.id }));
    if (!row) throw new AppError('not_found', 'Message template not found.');
    return present(row);
  });
  r.delete('/api/message_templates/:id', { schema: { tags: ['message_templates'], params: ZIdParamsSchema } }, async (req, reply) => {
    const companyId = adminScope(contextOf(deps, req));
    const ok = await runInScope(deps.db, { companyId }, (tx) => repo.deleteTemplate(tx, { companyId, id: req.params.id }));
    if (!ok) throw new AppError('not_found', 'Message template not found.');
    return reply.status(204).send();
  });
}
