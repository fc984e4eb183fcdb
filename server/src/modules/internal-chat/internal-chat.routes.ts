import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INTERNAL_CHAT_MESSAGES_PER_PAGE,
  INTERNAL_CHAT_THREADS_PER_PAGE,
  ZInternalChatColleagueSchema,
  ZInternalChatMessageSchema,
  ZInternalChatSendSchema,
  ZInternalChatThreadCreateSchema,
  ZInternalChatThreadPatchSchema,
  ZInternalChatThreadSchema,
} from '@cd/contracts/internal-chat';
import { ZUnreadCountSchema } from '@cd/contracts/refs';
import type { TAppDeps } from '../../context';
import { validationError, violationsFromZod } from '../../lib/errors';
import { keysetView, toCollection } from '../../lib/hydra';
import { errorResponses, hydraCollectionOf, noContent } from '../../lib/openapi';
import { contextOf } from '../../plugins/auth';
import { discardAttachments, readMultipartAttachments } from '../media/read-multipart-attachments';
import * as service from './internal-chat.service';
import { multipartBody } from '../../lib/openapi';

/** The chat send form: JSON, or multipart text fields plus `file[]` attachments. */
const CHAT_SEND_FORM = multipartBody({
  fields: ZInternalChatSendSchema,
  files: { 'file[]': { description: 'Attachments (repeat the part); together at most the attachment limit.', many: true } },
  alsoJson: true,
});
import { ZBooleanQuerySchema, ZIdParamsSchema } from '../../lib/route-schemas';
import { decimalIntOf, idRefOf } from '@cd/contracts/ids';

/** Keyset cursor of the thread list: the last row's bumpedAt and id, opaque to clients. */
const ZCursorSchema = z
  .string()
  .max(100)
  .transform((v, ctx) => {
    const [at, id] = Buffer.from(v, 'base64url').toString('utf8').split('|');
    const date = new Date(at ?? '');
    if (!at || Number.isNaN(date.getTime()) || !/^\d{1,15}$/.test(id ?? '')) {
      ctx.addIssue({ code: 'custom', message: 'Invalid cursor.' });
      return z.NEVER;
    }
    return { bumpedAt: date, id: Number(id) };
  });

function encodeCursor(row: { bumpedAt: Date; id: number }): string {
  return Buffer.from(`${row.bumpedAt.toISOString()}|${row.id}`).toString('base64url');
}

const ZThreadListQuerySchema = z.object({
  isArchived: ZBooleanQuerySchema.optional(),
  search: z.string().trim().max(100).optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).default(INTERNAL_CHAT_THREADS_PER_PAGE),
  before: ZCursorSchema.optional(),
});

const ZMessageListQuerySchema = z.object({
  thread: idRefOf('internal_chat_threads'),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  per_page: decimalIntOf({ min: 1, max: 100 }).default(INTERNAL_CHAT_MESSAGES_PER_PAGE),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).optional(),
});

/** Thread pages: later keyset pages carry no total (partial pagination). */
const ZThreadPageSchema = hydraCollectionOf(ZInternalChatThreadSchema).extend({ totalItems: z.number().int().min(0).optional() });

// Every route needs a token (401) and the internal chat role or company admin in a company (403); malformed query or
// path values and NUL characters are 400.
const AUTHED = [400, 401, 403] as const;
const WITH_BODY = [...AUTHED, 413, 415, 422] as const;

export async function internalChatRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['internal_chat'];

  r.get('/api/internal_chat/colleagues', { schema: { tags, response: { 200: hydraCollectionOf(ZInternalChatColleagueSchema), ...errorResponses(...AUTHED) } } }, async (req) => {
    const member = await service.listColleagues({ ctx: contextOf(deps, req) });
    return toCollection({ path: '/api/internal_chat/colleagues', query: {}, member, totalItems: member.length, page: 1, itemsPerPage: member.length, paginated: false });
  });

  r.get('/api/internal_chat/read_state', { schema: { tags, response: { 200: ZUnreadCountSchema, ...errorResponses(...AUTHED) } } }, async (req) => ({
    unread: await service.countUnreadThreads({ ctx: contextOf(deps, req) }),
  }));

  r.get('/api/internal_chat_threads', { schema: { tags, querystring: ZThreadListQuerySchema, response: { 200: ZThreadPageSchema, ...errorResponses(...AUTHED) } } }, async (req) => {
    const q = req.query;
    const page = await service.listThreads({ ctx: contextOf(deps, req), archived: q.isArchived, search: q.search || undefined, limit: q.itemsPerPage, before: q.before });
    const params = new URLSearchParams();
    if (q.isArchived !== undefined) params.set('isArchived', String(q.isArchived));
    if (q.search) params.set('search', q.search);
    params.set('itemsPerPage', String(q.itemsPerPage));
    const base = `/api/internal_chat_threads?${params.toString()}`;
    return {
      '@context': '/api/contexts/InternalChatThread',
      '@id': '/api/internal_chat_threads',
      '@type': 'Collection' as const,
      member: page.member,
      // Partial pagination (as API Platform does): later keyset pages carry no total.
      ...(page.total === null ? {} : { totalItems: page.total }),
      view: {
        '@id': q.before ? `${base}&before=${encodeCursor(q.before)}` : base,
        '@type': 'PartialCollectionView' as const,
        first: base,
        ...(page.hasMore && page.last ? { next: `${base}&before=${encodeCursor(page.last)}` } : {}),
      },
    };
  });

  r.post('/api/internal_chat_threads', { schema: { tags, body: ZInternalChatThreadCreateSchema, response: { 201: ZInternalChatThreadSchema, ...errorResponses(...WITH_BODY) } } }, async (req, reply) =>
    reply.status(201).send(await service.createThread({ ctx: contextOf(deps, req), users: req.body.users, name: req.body.name })),
  );
  r.get('/api/internal_chat_threads/:id', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZInternalChatThreadSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.getThread({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  for (const method of ['PATCH', 'PUT'] as const)
    r.route({
      method,
      url: '/api/internal_chat_threads/:id',
      schema: { tags, params: ZIdParamsSchema, body: ZInternalChatThreadPatchSchema, response: { 200: ZInternalChatThreadSchema, ...errorResponses(...WITH_BODY, 404) } },
      handler: async (req) => service.changeThread({ ctx: contextOf(deps, req), id: req.params.id, name: req.body.name, users: req.body.users }),
    });
  r.delete('/api/internal_chat_threads/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(...AUTHED, 404) } } }, async (req, reply) => {
    await service.deleteThread({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
  for (const [action, read] of [['read', true], ['unread', false]] as const)
    r.put(`/api/internal_chat_threads/:id/${action}`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZInternalChatThreadSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
      service.setThreadRead({ ctx: contextOf(deps, req), id: req.params.id, read }),
    );
  for (const [action, archived] of [['archive', true], ['unarchive', false]] as const)
    r.put(`/api/internal_chat_threads/:id/${action}`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZInternalChatThreadSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
      service.setThreadArchived({ ctx: contextOf(deps, req), id: req.params.id, archived }),
    );

  r.get('/api/internal_chat_messages', { schema: { tags, querystring: ZMessageListQuerySchema, response: { 200: hydraCollectionOf(ZInternalChatMessageSchema), ...errorResponses(...AUTHED, 404) } } }, async (req) => {
    const q = req.query;
    const limit = q.itemsPerPage ?? q.per_page;
    const before = q['createdAt[strictly_before]'] ? new Date(q['createdAt[strictly_before]']) : undefined;
    const page = await service.listMessages({ ctx: contextOf(deps, req), threadId: q.thread, before, limit });
    const base = `/api/internal_chat_messages?thread=${q.thread}&per_page=${limit}`;
    return {
      '@context': '/api/contexts/InternalChatMessage',
      '@id': '/api/internal_chat_messages',
      '@type': 'Collection' as const,
      member: page.member,
      totalItems: page.member.length,
      view: keysetView({ base, before, oldestShown: page.full && page.oldest ? page.oldest.sentAt : null }),
    };
  });

  r.post('/api/internal_chat/send', { config: { openapi: CHAT_SEND_FORM }, schema: { tags, response: { 201: ZInternalChatMessageSchema, ...errorResponses(...WITH_BODY, 404) } } }, async (req, reply) => {
    const ctx = contextOf(deps, req);
    const { companyId, userId } = service.chatScopeOf(ctx);
    // Files stream to storage under the attachment limit (413 err_total_attachment_size) before the fields are checked.
    const { fields, mediaIds } = await readMultipartAttachments({ deps, companyId, userId, req });
    try {
      const parsed = ZInternalChatSendSchema.safeParse(fields);
      if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
      const message = await service.sendMessage({ ctx, threadId: parsed.data.thread_id, content: parsed.data.content, mediaIds });
      return reply.status(201).send(message);
    } catch (err) {
      await discardAttachments({ deps, companyId, mediaIds });
      throw err;
    }
  });
}
