import { createApiClient } from './api-client';
import { translateMessage } from './i18n';
import { clearSession } from './storage-keys';
import { toastPersistentError } from './toast';

/** Forced logout (spec part 1 §4): clear tokens and impersonation, reload the app on the login page. */
export function reloadSignedOut(): void {
  clearSession();
  window.location.assign('/login');
}

const safeStorage = {
  getItem: (k: string) => {
    try {
      return window.localStorage.getItem(k);
    } catch {
      return null;
    }
  },
  setItem: (k: string, v: string) => {
    try {
      window.localStorage.setItem(k, v);
    } catch {
      /* ignored */
    }
  },
  removeItem: (k: string) => {
    try {
      window.localStorage.removeItem(k);
    } catch {
      /* ignored */
    }
  },
};

export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  storage: safeStorage,
  onLogout: reloadSignedOut,
  notify: toastPersistentError,
  translate: translateMessage,
});
