import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { isCompanyAdmin, userIri } from '../../lib/current-user';
import { createLiveClient, type TLiveToken } from '../../lib/live-events';
import { setLiveStatus } from '../../lib/live-status';
import { useCurrentUser } from './current-user';
import { dispatchLiveEvent } from './live-dispatch';

/** GET /api/get_mercure_jwt → {token, hubUrl, topics}. Quiet: a failure only stops live updates. */
export function fetchLiveToken(): Promise<TLiveToken> {
  return api.request<TLiveToken>('/api/get_mercure_jwt', { silent: true });
}

/**
 * Live updates while a user is signed in (the shell only renders then); the stream closes when the shell
 * unmounts (logout) or the effective user changes (impersonation).
 */
export function useLiveUpdates() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const admin = isCompanyAdmin(me);
  useEffect(() => {
    const ctx = { userId: me.id, userIri: userIri(me.id), isAdmin: admin };
    const client = createLiveClient({
      fetchToken: fetchLiveToken,
      fetch: (input, init) => window.fetch(input, init),
      onEvent: (event) => dispatchLiveEvent(queryClient, event, ctx),
      onStatus: setLiveStatus,
    });
    client.start();
    return () => {
      client.stop();
      setLiveStatus('stopped');
    };
  }, [me.id, admin, queryClient]);
}
