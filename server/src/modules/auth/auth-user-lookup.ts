import type { TDatabase } from '../../db/client';
import { runInScope } from '../../db/client';
import { findAuthUsersByIds } from '../users/users.api';
import type { TUserRow } from '../users/users.schema';

export type TAuthUser = TUserRow & { companyEnabled: boolean | null };

interface TWaiter {
  resolve: (user: TAuthUser | undefined) => void;
  reject: (err: unknown) => void;
}

interface TLookupQueue {
  waiting: Map<number, TWaiter[]>;
  scheduled: boolean;
}

const queues = new WeakMap<TDatabase, TLookupQueue>();

/**
 * The user behind a bearer token, read fresh for this request: the lookups of every request that reaches here in the
 * same turn of the event loop share one transaction and one statement. Nothing is kept once answered, so a disabled
 * account or a retired token version is refused on the very next request.
 */
export function findAuthUser(opts: { db: TDatabase; id: number }): Promise<TAuthUser | undefined> {
  let queue = queues.get(opts.db);
  if (!queue) queues.set(opts.db, (queue = { waiting: new Map(), scheduled: false }));
  const q = queue;
  const promise = new Promise<TAuthUser | undefined>((resolve, reject) => {
    const list = q.waiting.get(opts.id);
    if (list) list.push({ resolve, reject });
    else q.waiting.set(opts.id, [{ resolve, reject }]);
  });
  if (!q.scheduled) {
    q.scheduled = true;
    // After the I/O of this turn: the other requests read from the sockets in it join the lookup.
    setImmediate(() => void flush({ db: opts.db, queue: q }));
  }
  return promise;
}

async function flush(opts: { db: TDatabase; queue: TLookupQueue }): Promise<void> {
  const waiting = opts.queue.waiting;
  opts.queue.waiting = new Map();
  opts.queue.scheduled = false;
  try {
    const rows = await runInScope(opts.db, { companyId: null, system: true }, (tx) => findAuthUsersByIds(tx, { ids: [...waiting.keys()] }));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [id, list] of waiting) for (const w of list) w.resolve(byId.get(id));
  } catch (err) {
    for (const list of waiting.values()) for (const w of list) w.reject(err);
  }
}
