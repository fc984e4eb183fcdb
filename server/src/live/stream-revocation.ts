import type { TStoredLiveEvent } from './live.types';

/**
 * Which open streams a committed event makes stale. A stream's topics are derived from its user's roles and
 * company at connect, so when those change the stream is ended and the client reconnects (fresh token, re-check).
 * Read from the events the users and companies modules already emit (live/ does not import modules/):
 * - `company_user`/`user` removed, or updated with `roles`, `enabled` or `credentials` among the changes;
 * - `company` removed, or updated with `enabled` among the changes.
 */
export type TStreamRevocation = { userId: number } | { companyId: number };

const USER_RIGHTS_FIELDS = ['roles', 'enabled', 'credentials'];

function idOf(data: unknown): number | null {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

export function findStreamRevocation(event: TStoredLiveEvent): TStreamRevocation | null {
  const { entity, event: kind, changes, data } = event.payload;
  const changed = (fields: string[]) => kind === 'removed' || (kind === 'updated' && !!changes?.some((c) => fields.includes(c)));
  if (entity === 'company_user' || entity === 'user') {
    const userId = idOf(data);
    return userId !== null && changed(USER_RIGHTS_FIELDS) ? { userId } : null;
  }
  if (entity === 'company') {
    const companyId = idOf(data) ?? event.companyId;
    return companyId !== null && changed(['enabled']) ? { companyId } : null;
  }
  return null;
}
