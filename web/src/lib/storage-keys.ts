/** Browser storage keys (spec part 1 §3). Other code must not invent new keys. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  language: 'language',
  theme: 'theme',
  impersonate: 'impersonate',
  action: 'action',
  reloadPage: 'reload-page',
} as const;

export type TStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Storage that never throws (private mode / blocked storage must not crash the app). */
export function readStorage(key: TStorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: TStorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* ignored: preferences simply do not persist */
  }
}

export function hasToken(): boolean {
  return !!readStorage(STORAGE_KEYS.token);
}

export function clearSession(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.refreshToken, null);
  writeStorage(STORAGE_KEYS.impersonate, null);
}
