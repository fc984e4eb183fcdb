import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerDisplayName } from '@cd/contracts/customer';
import { ZCustomerGroupMemberSchema, ZCustomerGroupSchema, ZGroupMessageSchema, ZGroupRecipientSchema } from '@cd/contracts/customer-group';
import type { TAppDeps } from '../../context';
import { validationError, violationsFromZod } from '../../lib/errors';
import { toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import { customerScopeOf } from '../customers/customers.service';
import { discardAttachments, readMultipartAttachments } from '../media/read-multipart-attachments';
import * as service from './customer-groups.service';
import { multipartBody } from '../../lib/openapi';
import { decimalIntOf, idRefOf } from '@cd/contracts/ids';

const ZCustomerRefsSchema = z.array(idRefOf('customers')).max(100_000);
const ZGroupCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'A group needs a name.').max(200),
  customers: ZCustomerRefsSchema.optional(),
  addByTags: z.array(z.string().max(50)).max(50).optional(),
});
const ZGroupPatchSchema = z.strictObject({
  name: z.string().trim().min(1, 'A group needs a name.').max(200).optional(),
  customers: ZCustomerRefsSchema.optional(),
  addCustomers: ZCustomerRefsSchema.optional(),
  removeCustomers: ZCustomerRefsSchema.optional(),
  addByTags: z.array(z.string().max(50)).max(50).optional(),
});

const ZGroupMessageFieldsSchema = z.strictObject({
  customerGroupId: idRefOf('customer_groups').optional(),
  customerGroup: idRefOf('customer_groups').optional(),
  content: z.string().max(1600).optional().default(''),
  source: z.enum(['SYSTEM']).optional(),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
});

/** Keyset pages served without a JSON-LD context. */
const keysetPageOf = <T extends z.ZodType>(item: T) => hydraCollectionOf(item).omit({ '@context': true });

// Every route needs a token (401), a selected company (400) and the communication role or company admin (403); a NUL
// character anywhere in the request is a 400 too.
const AUTHED = [400, 401, 403] as const;
const WITH_BODY = [...AUTHED, 413, 415, 422] as const;
/** The group send form: JSON, or multipart text fields plus `file[]` attachments. */
const GROUP_MESSAGE_FORM = multipartBody({
  fields: ZGroupMessageFieldsSchema,
  files: { 'file[]': { description: 'Attachments (repeat the part); together at most the attachment limit.', many: true } },
  alsoJson: true,
});

export async function customerGroupsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customer_groups'];

  r.get('/api/customer_groups', { schema: { tags, response: { 200: hydraCollectionOf(ZCustomerGroupSchema), ...errorResponses(...AUTHED) } } }, async (req) => {
    const member = await service.listCustomerGroups({ ctx: contextOf(deps, req) });
    return toCollection({ path: '/api/customer_groups', query: {}, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
  });
  r.post('/api/customer_groups', { schema: { tags, body: ZGroupCreateSchema, response: { 201: ZCustomerGroupSchema, ...errorResponses(...WITH_BODY) } } }, async (req, reply) =>
    reply.status(201).send(await service.createCustomerGroup({ ctx: contextOf(deps, req), change: req.body })),
  );
  r.get('/api/customer_groups/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerGroupSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.getCustomerGroup({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.patch('/api/customer_groups/:id', { schema: { tags, params: ZIdParamsSchema, body: ZGroupPatchSchema, response: { 200: ZCustomerGroupSchema, ...errorResponses(...WITH_BODY, 404) } } }, async (req) =>
    service.changeCustomerGroup({ ctx: contextOf(deps, req), id: req.params.id, change: req.body }),
  );
  r.put('/api/customer_groups/:id', { schema: { tags, params: ZIdParamsSchema, body: ZGroupCreateSchema, response: { 200: ZCustomerGroupSchema, ...errorResponses(...WITH_BODY, 404) } } }, async (req) =>
    service.changeCustomerGroup({ ctx: contextOf(deps, req), id: req.params.id, change: { ...req.body, customers: req.body.customers ?? [] } }),
  );
  r.delete('/api/customer_groups/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(...AUTHED, 404) } } }, async (req, reply) => {
    await service.deleteCustomerGroup({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  r.get(
    '/api/customer_groups/:id/members',
    { schema: { tags, params: ZIdParamsSchema, querystring: z.object({ after: decimalIntOf({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(), itemsPerPage: decimalIntOf({ min: 1, max: 500 }).default(50) }),
        response: { 200: keysetPageOf(ZCustomerGroupMemberSchema), ...errorResponses(...AUTHED, 404) },
      },
    },
    async (req) => {
      const rows = await service.listCustomerGroupMembers({ ctx: contextOf(deps, req), id: req.params.id, afterId: req.query.after, limit: req.query.itemsPerPage });
      const member = rows.map((c) => ({ '@id': `/api/customers/${c.id}`, id: c.id, name: customerDisplayName(c), phone: c.phone, optOut: c.optOut }));
      const last = rows.at(-1);
      const base = `/api/customer_groups/${req.params.id}/members?itemsPerPage=${req.query.itemsPerPage}`;
      return {
        '@id': base,
        '@type': 'Collection' as const,
        member,
        totalItems: member.length,
        view: { '@id': base, '@type': 'PartialCollectionView' as const, ...(rows.length === req.query.itemsPerPage && last ? { next: `${base}&after=${last.id}` } : {}) },
      };
    },
  );

  // Group messages
  const gmTags = ['group_messages'];
  r.post('/api/group_messages', { config: { openapi: GROUP_MESSAGE_FORM }, schema: { tags: gmTags, response: { 201: ZGroupMessageSchema, ...errorResponses(...WITH_BODY, 404) } } }, async (req, reply) => {
    const ctx = contextOf(deps, req);
    const companyId = customerScopeOf(ctx).companyId;
    const { fields, mediaIds } = await readMultipartAttachments({ deps, companyId, userId: ctx.actor.user.id, req });
    const parsed = ZGroupMessageFieldsSchema.safeParse(fields);
    const groupId = parsed.success ? (parsed.data.customerGroupId ?? parsed.data.customerGroup) : undefined;
    if (!parsed.success || groupId === undefined) {
      await discardAttachments({ deps, companyId, mediaIds });
      if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
      throw validationError([{ propertyPath: 'customerGroupId', message: 'Choose the group to write to.' }]);
    }
    const gm = await service.createGroupMessage({
      ctx,
      groupId,
      content: parsed.data.content,
      scheduledAt: parsed.data.scheduledAt ? new Date(parsed.data.scheduledAt) : undefined,
      mediaIds,
      source: parsed.data.source,
    });
    return reply.status(201).send(gm);
  });
  r.get(
    '/api/group_messages',
    {
      schema: {
        tags: gmTags,
        querystring: z.object({
          customerGroup: idRefOf('customer_groups').optional(),
          'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
          per_page: decimalIntOf({ min: 1, max: 100 }).default(15),
        }),
        response: { 200: keysetPageOf(ZGroupMessageSchema), ...errorResponses(...AUTHED) },
      },
    },
    async (req) => {
      const q = req.query;
      const before = q['createdAt[strictly_before]'] ? new Date(q['createdAt[strictly_before]']) : undefined;
      const page = await service.listGroupMessages({ ctx: contextOf(deps, req), groupId: q.customerGroup, before, limit: q.per_page });
      const base = `/api/group_messages?per_page=${q.per_page}${q.customerGroup ? `&customerGroup=${q.customerGroup}` : ''}`;
      return {
        '@id': '/api/group_messages',
        '@type': 'Collection' as const,
        member: page.member,
        totalItems: page.member.length,
        view: {
          '@id': base,
          '@type': 'PartialCollectionView' as const,
          ...(page.full && page.oldest ? { next: `${base}&createdAt[strictly_before]=${encodeURIComponent(page.oldest.createdAt.toISOString())}` } : {}),
        },
      };
    },
  );
  r.get('/api/group_messages/:id', { schema: { tags: gmTags, params: ZIdParamsSchema, response: { 200: ZGroupMessageSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.getGroupMessage({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.get(
    '/api/group_messages/:id/recipients',
    {
      schema: {
        tags: gmTags,
        params: ZIdParamsSchema,
        querystring: z.object({
          status: z.enum(['SENDING', 'SENT', 'DELIVERED', 'UNDELIVERED', 'FAILED', 'SEEN', 'READ', 'blocked']).optional(),
          after: decimalIntOf({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
          itemsPerPage: decimalIntOf({ min: 1, max: 500 }).default(50),
        }),
        response: { 200: keysetPageOf(ZGroupRecipientSchema), ...errorResponses(...AUTHED, 404) },
      },
    },
    async (req) => {
      const rows = await service.listGroupMessageRecipients({ ctx: contextOf(deps, req), id: req.params.id, status: req.query.status, afterId: req.query.after, limit: req.query.itemsPerPage });
      const member = rows.map((x) => ({ ...x, name: customerDisplayName(x), customer: `/api/customers/${x.customerId}` }));
      const last = rows.at(-1);
      const base = `/api/group_messages/${req.params.id}/recipients?itemsPerPage=${req.query.itemsPerPage}${req.query.status ? `&status=${req.query.status}` : ''}`;
      return {
        '@id': base,
        '@type': 'Collection' as const,
        member,
        totalItems: member.length,
        view: { '@id': base, '@type': 'PartialCollectionView' as const, ...(rows.length === req.query.itemsPerPage && last ? { next: `${base}&after=${last.messageId}` } : {}) },
      };
    },
  );
  r.post('/api/group_messages/:id/send_scheduled', { schema: { tags: gmTags, params: ZIdParamsSchema, response: { 200: ZGroupMessageSchema, ...errorResponses(...AUTHED, 404, 409) } } }, async (req) =>
    service.sendGroupMessageNow({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/group_messages/:id/remove_scheduled', { schema: { tags: gmTags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(...AUTHED, 404, 409) } } }, async (req, reply) => {
    await service.removeScheduledGroupMessage({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
}
