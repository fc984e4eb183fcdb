import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerDisplayName,
  ZConversationSpanSchema,
  ZCustomerCreateSchema,
  ZCustomerMergePreviewSchema,
  ZCustomerMergeSchema,
  ZCustomerPatchSchema,
  ZCustomerSchema,
  ZCustomerSimpleSchema,
  ZCustomerTagSchema,
} from '@cd/contracts/customer';
import { ZUnreadCountSchema } from '@cd/contracts/refs';
import { ZRecordActivePageSchema } from '@cd/contracts/active-page';
import type { TAppDeps } from '../../context';
import type { TListTotal } from '../../lib/hydra';
import { toCollection, totalFieldsOf } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { encodeBumpedCursor, ZBooleanQuerySchema, ZBumpedCursorSchema, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './customers.service';
import { decimalIntOf, idRefOf } from '@cd/contracts/ids';



const arrayParam = <T extends z.ZodTypeAny>(item: T) => z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]));

const ZInboxQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  user: idRefOf('users').optional(),
  unread: ZBooleanQuerySchema.optional(),
  'tags[]': arrayParam(z.string().max(50)).optional(),
  tags: arrayParam(z.string().max(50)).optional(),
  span: ZConversationSpanSchema.optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).default(15),
  before: ZBumpedCursorSchema.optional(),
  exactTotal: ZBooleanQuerySchema.optional(),
});

/** Inbox pages: the first counts up to a cap (`totalItemsAtLeast` above it), later keyset pages carry no total. */
const ZInboxPageSchema = cappedCollectionOf(ZCustomerSchema);

// Every route here needs a token (401), a selected company (400 error.no_selected_company) and may be refused an
// impersonation (403); a NUL character anywhere in the request is a 400 too.
const AUTHED = [400, 401, 403] as const;
const WITH_BODY = [...AUTHED, 413, 415, 422] as const;

export async function customersRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  const list = (path: string, archived: boolean) =>
    r.get(path, { schema: { tags, querystring: ZInboxQuerySchema, response: { 200: ZInboxPageSchema, ...errorResponses(...AUTHED) } } }, async (req) => {
      const q = req.query;
      const page = await service.listCustomers({
        ctx: contextOf(deps, req),
        archived,
        search: q.search || undefined,
        userId: q.user,
        unread: q.unread,
        tags: q['tags[]'] ?? q.tags,
        span: q.span,
        limit: q.itemsPerPage,
        before: q.before,
        exactTotal: q.exactTotal,
      });
      return keysetCollection({ path, query: req.query as Record<string, unknown>, page, itemsPerPage: q.itemsPerPage });
    });
  list('/api/customers', false);
  list('/api/archived_customers', true);

  r.get('/api/customers/unread', { schema: { tags, querystring: ZInboxQuerySchema.pick({ itemsPerPage: true, before: true }), response: { 200: ZInboxPageSchema, ...errorResponses(...AUTHED) } } }, async (req) => {
    const page = await service.listUnreadCustomers({ ctx: contextOf(deps, req), limit: req.query.itemsPerPage, before: req.query.before });
    return keysetCollection({ path: '/api/customers/unread', query: req.query as Record<string, unknown>, page, itemsPerPage: req.query.itemsPerPage });
  });

  r.get('/api/customers/read_state', { schema: { tags, response: { 200: ZUnreadCountSchema, ...errorResponses(...AUTHED) } } }, async (req) =>
    service.countUnreadCustomers({ ctx: contextOf(deps, req) }),
  );

  r.get('/api/customers/simple', { schema: { tags, querystring: z.object({ search: z.string().trim().max(100).optional() }), response: { 200: hydraCollectionOf(ZCustomerSimpleSchema), ...errorResponses(...AUTHED) } } }, async (req) => {
    const rows = await service.listSimpleCustomers({ ctx: contextOf(deps, req), search: req.query.search || undefined });
    const member = rows.map((c) => ({ '@id': `/api/customers/${c.id}`, id: c.id, name: customerDisplayName(c), phone: c.phone }));
    return toCollection({ path: '/api/customers/simple', query: req.query, member, totalItems: member.length, page: 1, itemsPerPage: 20, paginated: false });
  });

  r.get('/api/customer_tags', { schema: { tags, response: { 200: hydraCollectionOf(ZCustomerTagSchema), ...errorResponses(...AUTHED) } } }, async (req) => {
    const rows = await service.listCustomerTags({ ctx: contextOf(deps, req) });
    const member = rows.map((t) => ({ '@id': `/api/customer_tags/${encodeURIComponent(t.name)}`, name: t.name, count: t.count }));
    return toCollection({ path: '/api/customer_tags', query: {}, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
  });

  r.put('/api/customers/all_read', { schema: { tags, response: { ...noContent, ...errorResponses(...AUTHED) } } }, async (req, reply) => {
    await service.markAllCustomersRead({ ctx: contextOf(deps, req) });
    return reply.status(204).send(null);
  });

  r.get('/api/customers/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.getCustomer({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post('/api/customers', { schema: { tags, body: ZCustomerCreateSchema, response: { 201: ZCustomerSchema, ...errorResponses(...WITH_BODY) } } }, async (req, reply) =>
    reply.status(201).send(await service.createCustomer({ ctx: contextOf(deps, req), input: req.body })),
  );
  r.patch('/api/customers/:id', { schema: { tags, params: ZIdParamsSchema, body: ZCustomerPatchSchema, response: { 200: ZCustomerSchema, ...errorResponses(...WITH_BODY, 404) } } }, async (req) =>
    service.patchCustomer({ ctx: contextOf(deps, req), id: req.params.id, patch: req.body }),
  );
  r.put('/api/customers/:id/read', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.setCustomerRead({ ctx: contextOf(deps, req), id: req.params.id, read: true }),
  );
  r.put('/api/customers/:id/unread', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.setCustomerRead({ ctx: contextOf(deps, req), id: req.params.id, read: false }),
  );
  r.put('/api/customers/:id/archive', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.setCustomerArchived({ ctx: contextOf(deps, req), id: req.params.id, archived: true }),
  );
  r.put('/api/archived_customers/:id/unarchive', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZCustomerSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.setCustomerArchived({ ctx: contextOf(deps, req), id: req.params.id, archived: false }),
  );
  r.put('/api/customers/:id/merge', { schema: { tags, params: ZIdParamsSchema, body: ZCustomerMergeSchema, response: { 200: ZCustomerSchema, ...errorResponses(...WITH_BODY, 404) } } }, async (req) => {
    // `source` arrives as an id: idRefOf (contracts) already turned an IRI into one.
    return service.mergeCustomers({ ctx: contextOf(deps, req), id: req.params.id, sourceId: req.body.source });
  });

  r.get(
    '/api/customers/:id/merge_preview',
    {
      schema: {
        tags,
        params: ZIdParamsSchema,
        querystring: z.object({ duplicate: idRefOf('customers') }),
        response: { 200: ZCustomerMergePreviewSchema, ...errorResponses(...AUTHED, 404, 422) },
      },
    },
    async (req) => service.previewCustomerMerge({ ctx: contextOf(deps, req), id: req.params.id, duplicateId: req.query.duplicate }),
  );

  r.post(
    '/api/users/record_active_page',
    { schema: { tags: ['users'], body: ZRecordActivePageSchema, response: { ...noContent, ...errorResponses(...WITH_BODY, 404) } } },
    async (req, reply) => {
      // The page may be "communication" with a customerId (spec part 1 §7), "communication/<id>/…", a plain path or "none".
      const m = req.body.page.match(/^\/?communication\/(\d{1,15})(?:\/|$)/);
      const customerId = req.body.page === 'none' ? null : (req.body.customerId ?? (m ? Number(m[1]) : null));
      await service.recordActivePage({ ctx: contextOf(deps, req), page: req.body.page, customerId });
      return reply.status(204).send(null);
    },
  );
}

function keysetCollection<T>(opts: {
  path: string;
  query: Record<string, unknown>;
  page: { member: T[]; total: TListTotal | null; hasMore: boolean; last?: { bumpedAt: Date | null; id: number } };
  itemsPerPage: number;
}) {
  const { path, query, page } = opts;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (k === 'before' || k === 'exactTotal' || v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((x) => params.append(k, String(x)));
    else if (typeof v === 'object') continue;
    else params.set(k, String(v));
  }
  const base = params.toString();
  const link = (extra?: string) => `${path}${base || extra ? '?' : ''}${[base, extra].filter(Boolean).join('&')}`;
  return {
    '@context': '/api/contexts/Customer',
    '@id': path,
    '@type': 'Collection' as const,
    member: page.member,
    // Partial pagination (as API Platform does): later keyset pages carry no total.
    ...totalFieldsOf(page.total),
    view: {
      '@id': link(),
      '@type': 'PartialCollectionView' as const,
      first: link(),
      ...(page.hasMore && page.last ? { next: link(`before=${encodeBumpedCursor(page.last)}`) } : {}),
    },
  };
}
