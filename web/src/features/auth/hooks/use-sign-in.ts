import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TLogin } from '@cd/contracts/auth';
import type { TMe } from '@cd/contracts/user';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';
import { fetchMe, meQueryKey } from '../api/get-me';
import { login } from '../api/login';
import { landingPath } from '../lib/landing-path';

/** Sign in, load the user, then land per the role rules, replacing history (login page and reset page). */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (credentials: TLogin): Promise<TMe> => {
      const pair = await login(credentials);
      writeStorage(STORAGE_KEYS.token, pair.token);
      writeStorage(STORAGE_KEYS.refreshToken, pair.refresh_token);
      writeStorage(STORAGE_KEYS.impersonate, null);
      return fetchMe();
    },
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      void navigate(landingPath(me.roles), { replace: true });
    },
  });
}
