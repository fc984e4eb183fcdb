import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clearSession, readStorage, STORAGE_KEYS } from '../../../lib/storage-keys';

/** POST /api/logout revokes the refresh token (204). */
export function logoutRequest(refreshToken: string): Promise<void> {
  return api.request<void>('/api/logout', { method: 'POST', body: { refresh_token: refreshToken }, silent: true, impersonate: false });
}

/** Logout (spec part 1 §4): revoke, clear tokens and impersonation, reload the app. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      const refreshToken = readStorage(STORAGE_KEYS.refreshToken);
      // Best effort: a failed revoke must not keep the user signed in locally.
      if (refreshToken) await logoutRequest(refreshToken).catch(() => undefined);
    },
    onSettled: () => {
      clearSession();
      window.location.assign('/login');
    },
  });
}
