import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATIONS_PER_PAGE,
  ZNotificationSchema,
  ZNotificationUnreadCountSchema,
  ZPushPublicKeySchema,
  ZPushSubscriptionInputSchema,
  ZPushSubscriptionRemoveSchema,
} from '@cd/contracts/notification';
import type { TAppDeps } from '../../context';
import { timeKeysetCollection } from '../../lib/hydra';
import { errorResponses, cappedCollectionOf, noContent } from '../../lib/openapi';
import { ZBooleanQuerySchema, ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as service from './notifications.service';
import { decimalIntOf, ZIdStringSchema } from '@cd/contracts/ids';

const ZListQuerySchema = z.object({
  /** `false`: unread only, `true`: read only (API Platform's exists filter on readAt). */
  'exists[readAt]': ZBooleanQuerySchema.optional(),
  'createdAt[strictly_before]': z.iso.datetime({ offset: true }).optional(),
  /** Tie-breaker of the keyset cursor: with createdAt[strictly_before], also rows of that instant with a smaller id. */
  'id[lt]': ZIdStringSchema.optional(),
  itemsPerPage: decimalIntOf({ min: 1, max: 100 }).default(NOTIFICATIONS_PER_PAGE),
});

// Every route needs a token (401) and may be refused an impersonation (403); malformed query or path values and NUL
// characters are 400. A user without a company simply has no notifications (404 for one by id).
const AUTHED = [400, 401, 403] as const;

export async function notificationsRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/api/notifications', { schema: { tags, querystring: ZListQuerySchema, response: { 200: cappedCollectionOf(ZNotificationSchema), ...errorResponses(...AUTHED) } } }, async (req) => {
    const q = req.query;
    const strictlyBefore = q['createdAt[strictly_before]'];
    const page = await service.listMyNotifications({
      ctx: contextOf(deps, req),
      read: q['exists[readAt]'],
      before: strictlyBefore ? { createdAt: new Date(strictlyBefore), id: q['id[lt]'] } : undefined,
      limit: q.itemsPerPage,
    });
    const params = new URLSearchParams({ itemsPerPage: String(q.itemsPerPage) });
    if (q['exists[readAt]'] !== undefined) params.set('exists[readAt]', String(q['exists[readAt]']));
    return timeKeysetCollection({
      path: '/api/notifications',
      context: '/api/contexts/Notification',
      params,
      timeField: 'createdAt',
      strictlyBefore,
      idLt: q['id[lt]'],
      // A person's own notifications are few: always an exact total (the bell's list counts it down as they go).
      page: { ...page, total: { exact: page.total }, last: page.last && { at: page.last.createdAt, id: page.last.id } },
    });
  });

  r.get('/api/notifications/unread_count', { schema: { tags, response: { 200: ZNotificationUnreadCountSchema, ...errorResponses(...AUTHED) } } }, async (req) => ({
    unread: await service.countMyUnreadNotifications({ ctx: contextOf(deps, req) }),
  }));

  r.put('/api/notifications/read_all', { schema: { tags, response: { 200: z.object({ updated: z.number().int().min(0) }), ...errorResponses(...AUTHED) } } }, async (req) => service.markAllMyNotificationsRead({ ctx: contextOf(deps, req) }));

  r.put('/api/notifications/:id/read', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZNotificationSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.setMyNotificationRead({ ctx: contextOf(deps, req), id: req.params.id, read: true }),
  );
  r.put('/api/notifications/:id/unread', { schema: { tags, params: ZIdParamsSchema, response: { 200: ZNotificationSchema, ...errorResponses(...AUTHED, 404) } } }, async (req) =>
    service.setMyNotificationRead({ ctx: contextOf(deps, req), id: req.params.id, read: false }),
  );
  r.delete('/api/notifications/:id', { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...errorResponses(...AUTHED, 404) } } }, async (req, reply) => {
    await service.deleteMyNotification({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });

  // Web push: the VAPID application server key, and this browser's subscription of the signed-in user.
  r.get('/api/notifications/push_public_key', { schema: { tags, response: { 200: ZPushPublicKeySchema, ...errorResponses(...AUTHED) } } }, async () => service.getPushPublicKey({ deps }));
  r.post('/api/notifications/push_subscriptions', { schema: { tags, body: ZPushSubscriptionInputSchema, response: { ...noContent, ...errorResponses(...AUTHED, 413, 415, 422) } } }, async (req, reply) => {
    await service.addMyPushSubscription({ ctx: contextOf(deps, req), subscription: req.body });
    return reply.status(204).send(null);
  });
  r.delete('/api/notifications/push_subscriptions', { schema: { tags, querystring: ZPushSubscriptionRemoveSchema, response: { ...noContent, ...errorResponses(...AUTHED) } } }, async (req, reply) => {
    await service.removeMyPushSubscription({ ctx: contextOf(deps, req), endpoint: req.query.endpoint });
    return reply.status(204).send(null);
  });
}
