import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReminderCreateSchema, ZReminderListQuerySchema, ZReminderPatchSchema, ZReminderSchema, type TReminderListQuery } from '@cd/contracts/reminders';
import type { TAppDeps } from '../../context';
import { toCollection, totalFieldsOf } from '../../lib/hydra';
import { cappedCollectionOf, errorResponses, noContent } from '../../lib/openapi';
import { ZIdParamsSchema } from '../../lib/route-schemas';
import { contextOf } from '../../plugins/auth';
import * as reminders from './reminders.service';

const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 415, 422);
const PATH = '/api/reminders';
const CURSOR_KEYS = ['dueAt[strictly_after]', 'id[gt]', 'pagination'];

/**
 * The collection of a page. Reminders page soonest due first, so the keyset runs forwards in time
 * (`dueAt[strictly_after]` + `id[gt]`), unlike the newest-first lists of lib/hydra's timeKeysetCollection.
 */
function collectionOf(query: TReminderListQuery, page: reminders.TReminderPage) {
  if (query.pagination === 'false')
    return toCollection({
      path: PATH,
      query,
      member: page.member,
      totalItems: page.member.length,
      page: 1,
      itemsPerPage: page.member.length,
      paginated: false,
    });
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && !CURSOR_KEYS.includes(k)) params.set(k, String(v));
  const base = `${PATH}?${params.toString()}`;
  const cursor = (at: string, id?: number) => `${base}&dueAt[strictly_after]=${encodeURIComponent(at)}${id ? `&id[gt]=${id}` : ''}`;
  const after = query['dueAt[strictly_after]'];
  return {
    '@context': '/api/contexts/Reminder',
    '@id': PATH,
    '@type': 'Collection' as const,
    member: page.member,
    ...totalFieldsOf(page.total),
    view: {
      '@id': after ? cursor(new Date(after).toISOString(), query['id[gt]']) : base,
      '@type': 'PartialCollectionView' as const,
      first: base,
      ...(page.full && page.last ? { next: cursor(page.last.at.toISOString(), page.last.id) } : {}),
    },
  };
}

/** Reminders (spec part 2 §7 reminders[/{id}]): the signed-in user's own to-dos. docs/dashboard.md. */
export async function remindersRoutes(app: FastifyInstance, deps: TAppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];

  r.get(PATH, { schema: { tags, querystring: ZReminderListQuerySchema, response: { 200: cappedCollectionOf(ZReminderSchema), ...READ } } }, async (req) =>
    collectionOf(req.query, await reminders.listReminders({ ctx: contextOf(deps, req), query: req.query })),
  );
  r.get(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { 200: ZReminderSchema, ...READ } } }, async (req) =>
    reminders.getReminder({ ctx: contextOf(deps, req), id: req.params.id }),
  );
  r.post(PATH, { schema: { tags, body: ZReminderCreateSchema, response: { 201: ZReminderSchema, ...WRITE } } }, async (req, reply) =>
    reply.status(201).send(await reminders.createReminder({ ctx: contextOf(deps, req), body: req.body })),
  );
  r.patch(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, body: ZReminderPatchSchema, response: { 200: ZReminderSchema, ...WRITE } } }, async (req) =>
    reminders.changeReminder({ ctx: contextOf(deps, req), id: req.params.id, body: req.body }),
  );
  r.delete(`${PATH}/:id`, { schema: { tags, params: ZIdParamsSchema, response: { ...noContent, ...WRITE } } }, async (req, reply) => {
    await reminders.deleteReminder({ ctx: contextOf(deps, req), id: req.params.id });
    return reply.status(204).send(null);
  });
}
