import { useMemo } from 'react';
import { isCompanyAdmin, useCurrentUser, userIri } from '../../../lib/current-user';
import type { TLiveContext } from '../lib/live-cache';

export function useLiveContext(): TLiveContext {
  const me = useCurrentUser();
  return useMemo(() => ({ userId: me.id, userIri: userIri(me.id), isAdmin: isCompanyAdmin(me) }), [me]);
}
