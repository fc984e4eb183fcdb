import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { TConfig } from '@cd/server/src/config';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { NOTIFICATIONS_PER_PAGE } from '@cd/contracts/notification';
import { isCompanyAdmin } from '@cd/contracts/roles';
import { findCompany } from '@cd/server/src/modules/companies/companies.repository';
import { listInbox } from '@cd/server/src/modules/customers/customers.repository';
import { findThreadForMember, listAttachments, listMessagesPage } from '@cd/server/src/modules/internal-chat/internal-chat.repository';
import { listNotifications } from '@cd/server/src/modules/notifications/notifications.repository';
import { findAuthUsers, listUsers } from '@cd/server/src/modules/users/users.repository';

const SYSTEM = { companyId: null, system: true } as const;

/**
 * The same database work as the API through the same repository functions (so the SQL text is identical),
 * with none of the framework around it: no schemas, hooks, error handler, presenters or Hydra shaping.
 */
export function buildBaseline(opts: { config: TConfig; db: TDatabase }): FastifyInstance {
  const { config, db } = opts;
  const app = Fastify({ logger: false });

  // What authenticate() does per request: verify the HS256 token, then one system-scope user lookup.
  async function loadUser(request: FastifyRequest) {
    const m = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!m) return undefined;
    const { payload } = await jwtVerify(m[1]!, config.jwtSecret, { algorithms: ['HS256'] });
    const [user] = await runInScope(db, SYSTEM, (tx) => findAuthUsers(tx, { id: Number(payload.sub) }));
    return user;
  }

  app.get('/api/me', async (request, reply) => {
    const user = await loadUser(request);
    if (!user) return reply.status(401).send({ error: 'unauthorized' });
    // getMe() also reads the user's company in a second system-scope transaction.
    const company =
      user.companyId === null ? null : await runInScope(db, SYSTEM, (tx) => findCompany(tx, user.companyId!));
    return { ...user, company };
  });

  app.get('/api/users', async (request, reply) => {
    const user = await loadUser(request);
    if (!user?.companyId) return reply.status(401).send({ error: 'unauthorized' });
    const query = request.query as { page?: string; itemsPerPage?: string };
    const itemsPerPage = Number(query.itemsPerPage ?? 15);
    const offset = (Number(query.page ?? 1) - 1) * itemsPerPage;
    const companyId = user.companyId;
    // Page query plus count query in the company scope, as listUsers() in the users service.
    return runInScope(db, { companyId }, (tx) => listUsers(tx, { companyId, limit: itemsPerPage, offset }));
  });

  app.get('/api/customers', async (request, reply) => {
    const user = await loadUser(request);
    if (!user?.companyId) return reply.status(401).send({ error: 'unauthorized' });
    const query = request.query as { itemsPerPage?: string; before?: string };
    const companyId = user.companyId;
    // The inbox service's scope rule (customerScopeOf): admins see every customer, others their own.
    const ownerId = isCompanyAdmin(user.roles) ? null : user.id;
    const before = query.before ? decodeInboxCursor({ cursor: query.before }) : undefined;
    // The same three statements as the API (page by keyset, count, read states) in one company-scope transaction.
    return runInScope(db, { companyId }, (tx) =>
      listInbox(tx, { companyId, ownerId, viewerId: user.id, archived: false, limit: Number(query.itemsPerPage ?? 15), before }),
    );
  });

  app.get('/api/internal_chat_messages', async (request, reply) => {
    const user = await loadUser(request);
    if (!user?.companyId) return reply.status(401).send({ error: 'unauthorized' });
    const query = request.query as { thread?: string; per_page?: string };
    const companyId = user.companyId;
    const threadId = Number(query.thread);
    const limit = Number(query.per_page ?? 15);
    // As the chat service's listMessages: membership check, the page (plus same-instant ties), its attachments.
    const result = await runInScope(db, { companyId }, async (tx) => {
      if (!(await findThreadForMember(tx, { companyId, threadId, userId: user.id }))) return null;
      const page = await listMessagesPage(tx, { companyId, threadId, limit });
      const attachments = await listAttachments(tx, { companyId, messageIds: page.rows.map((r) => r.id) });
      return { ...page, attachments };
    });
    return result ?? reply.status(404).send({ error: 'not found' });
  });

  app.get('/api/notifications', async (request, reply) => {
    const user = await loadUser(request);
    if (!user?.companyId) return reply.status(401).send({ error: 'unauthorized' });
    const query = request.query as { itemsPerPage?: string };
    const companyId = user.companyId;
    // The first page of the notification centre: page by keyset plus the count, in the company scope.
    return runInScope(db, { companyId }, (tx) => listNotifications(tx, { companyId, userId: user.id, limit: Number(query.itemsPerPage ?? NOTIFICATIONS_PER_PAGE) }));
  });

  return app;
}

/** The API's opaque keyset cursor (`view.next` carries it): base64url of `<bumpedAt ISO>|<id>`. */
export function decodeInboxCursor(opts: { cursor: string }): { bumpedAt: Date; id: number } {
  const [at, id] = Buffer.from(opts.cursor, 'base64url').toString('utf8').split('|');
  return { bumpedAt: new Date(at ?? ''), id: Number(id) };
}
