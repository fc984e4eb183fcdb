import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES_PER_PAGE, ZMessageSchema, ZMessageSendFieldsSchema, ZMessageTemplateResourceSchema, ZMessageTemplateSchema } from '@cd/contracts/message';
import type { TAppDeps } from '../../context';
import { validationError, violationsFromZod } from '../../lib/errors';
import { keysetView, toCollection } from '../../lib/hydra';
import { idOfRef } from '../../lib/id-ref';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { customerScopeOf } from '../customers/customers.service';
import { discardAttachments, readMultipartAttachments } from '../media/media.api';
import * as templates from './message-templates.service';
import { acceptSend } from './messages-accept';
import * as service from './messages.service';
import { multipartBody } from '../../lib/openapi';

/** The send form: JSON, or multipart text fields plus `file[]` attachments. */
const SEND_FORM = multipartBody({
  fields: ZMessageSendFieldsSchema,
  files: { 'file[]': { description: 'Attachments (repeat the part); together at most the attachment limit.', many: true } },
  alsoJson: true,
});
import { decimalIntOf, idRefOf } from '@cd/contracts/ids';

const ZThreadQuerySchema = z.object({
  customer: idRefOf('customers'),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  per_page: decimalIntOf({ min: 1, max: 100 }).default(MESSAGES_PER_PAGE),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).optional(),
});

/** Super admins name the company (id or `/api/companies/{id}`); the list is never paged (`pagination` is ignored). */
const ZTemplateListQuerySchema = z.object({
  company: idRefOf('companies').optional(),
});

// Every route needs a token (401) and a selected company (400 error.no_selected_company), may be refused an
// impersonation (403), and answers 400 to a NUL character anywhere in the request.
const AUTHED = [400, 401, 403] as const;
const WITH_BODY = [...AUTHED, 413, 415, 422] as const;

export async function messagesRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  r.get(
    '/api/messages',
    { schema: { tags, querystring: ZThreadQuerySchema, response: { 200: hydraCollectionOf(ZMessageSchema), ...errorResponses(...AUTHED, 404) } } },
    async (req) => {
      const q = req.query;
      const limit = q.itemsPerPage ?? q.per_page;
      const before = q['createdAt[strictly_before]'] ? new Date(q['createdAt[strictly_before]']) : undefined;
      const page = await service.listMessages({ ctx: contextOf(deps, req), customerId: q.customer, before, limit });
      const base = `/api/messages?customer=${q.customer}&per_page=${limit}`;
      return {
        '@context': '/api/contexts/Message',
        '@id': '/api/messages',
        '@type': 'Collection' as const,
        member: page.member,
        totalItems: page.member.length,
        view: keysetView({ base, before, oldestShown: page.full && page.oldest ? page.oldest.createdAt : null }),
      };
    },
  );

  r.post(
    '/api/messages',
    { config: { openapi: SEND_FORM }, schema: { tags, response: { 201: ZMessageSchema, ...errorResponses(...WITH_BODY, 404) } } },
    async (req, reply) => {
      const ctx = contextOf(deps, req);
      const companyId = customerScopeOf(ctx).companyId;
      const { fields, mediaIds } = await readMultipartAttachments({ deps, companyId, userId: ctx.actor.user.id, req });
      const parsed = ZMessageSendFieldsSchema.safeParse(fields);
      const customerId = parsed.success
        ? (parsed.data.customerId ??
          (parsed.data.customerIri ? idOfRef({ ref: parsed.data.customerIri, resource: 'customers', propertyPath: 'customerIri' }) : undefined))
        : undefined;
      if (!parsed.success || customerId === undefined) {
        await discardAttachments({ deps, companyId, mediaIds });
        if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
        throw validationError([{ propertyPath: 'customerId', message: 'Choose the customer to write to.' }]);
      }
      // Written together with the other sends of the company arriving meanwhile (messages-accept.ts).
      const message = await acceptSend({
        ctx,
        customerId,
        content: parsed.data.content,
        channel: parsed.data.channel,
        scheduledAt: parsed.data.scheduledAt ? new Date(parsed.data.scheduledAt) : undefined,
        mediaIds,
      });
      return reply.status(201).send(message);
    },
  );

  r.post(
    '/api/messages/:id/retry',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZMessageSchema, ...errorResponses(...AUTHED, 404, 409) } } },
    async (req) => service.retryMessage({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/messages/:id/send_scheduled',
    { schema: { tags, params: ZIdParamsSchema, response: { 200: ZMessageSchema, ...errorResponses(...AUTHED, 404, 409) } } },
    async (req) => service.sendScheduledNow({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(
    '/api/messages/:id/remove_scheduled',
    { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(...AUTHED, 404, 409) } } },
    async (req, reply) => {
      await service.removeScheduled({ ctx: contextOf(deps, req), id: req.params.id });
      return reply.status(204).send(null);
    },
  );

  // Message templates (predefined messages): rules in message-templates.service.ts.
  const templateTags = ['message_templates'];
  r.get(
    '/api/message_templates',
    {
      schema: {
        tags: templateTags,
        querystring: ZTemplateListQuerySchema,
        response: { 200: hydraCollectionOf(ZMessageTemplateResourceSchema), ...errorResponses(...AUTHED, 404) },
      },
    },
    async (req) => {
      const rows = await templates.listMessageTemplates({ ctx: contextOf(deps, req), companyId: req.query.company });
      const member = rows.map(templates.toMessageTemplateResource);
      return toCollection({ path: '/api/message_templates', query: {}, member, totalItems: rows.length, page: 1, itemsPerPage: rows.length, paginated: false });
    },
  );
  r.post(
    '/api/message_templates',
    { schema: { tags: templateTags, body: ZMessageTemplateSchema, response: { 201: ZMessageTemplateResourceSchema, ...errorResponses(...WITH_BODY, 404) } } },
    async (req, reply) => {
      const row = await templates.createMessageTemplate({
        ctx: contextOf(deps, req),
        companyId: req.body.company === undefined ? undefined : idOfRef({ ref: req.body.company, resource: 'companies', propertyPath: 'company' }),
        text: req.body.text,
      });
      return reply.status(201).send(templates.toMessageTemplateResource(row));
    },
  );
  for (const method of ['PATCH', 'PUT'] as const)
    r.route({
      method,
      url: '/api/message_templates/:id',
      schema: {
        tags: templateTags,
        params: ZIdParamsSchema,
        body: ZMessageTemplateSchema.pick({ text: true }),
        response: { 200: ZMessageTemplateResourceSchema, ...errorResponses(...WITH_BODY, 404) },
      },
      handler: async (req) =>
        templates.toMessageTemplateResource(await templates.changeMessageTemplate({ ctx: contextOf(deps, req), id: req.params.id, text: req.body.text })),
    });
  r.get(
    '/api/message_templates/:id',
    { schema: { tags: templateTags, params: ZIdParamsSchema, response: { 200: ZMessageTemplateResourceSchema, ...errorResponses(...AUTHED, 404) } } },
    async (req) => templates.toMessageTemplateResource(await templates.getMessageTemplate({ ctx: contextOf(deps, req), id: req.params.id })),
  );
  r.delete(
    '/api/message_templates/:id',
    { schema: { tags: templateTags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(...AUTHED, 404) } } },
    async (req, reply) => {
      await templates.deleteMessageTemplate({ ctx: contextOf(deps, req), id: req.params.id });
      return reply.status(204).send(null);
    },
  );
}
