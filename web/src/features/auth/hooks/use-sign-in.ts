import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { TLogin } from '@cd/contracts/auth';
import type { TMe } from '@cd/contracts/user';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';
import { fetchMe, meQueryKey } from '../api/get-me';
import { login } from '../api/login';
import { landingPath, returnPathOf } from '../lib/landing-path';

/**
 * Sign in, load the user, then go back to the page a signed-out visitor was opening (RequireAuth passes it as `from`),
 * else land per the role rules; replacing history (login page and reset page).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const returnTo = returnPathOf((useLocation().state as { from?: unknown } | null)?.from);
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
      void navigate(returnTo ?? landingPath(me.roles), { replace: true });
    },
  });
}
