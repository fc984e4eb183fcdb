import { useEffect, useRef } from 'react';
import { useUpdateUser } from '../../api/update-user';
import { BRAND_NAME } from '../../lib/brand';
import { documentTitle } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { ANOTHER_TAB_PAGE, startSingleTabGuard, takeOverRequestedAtStart } from '../../lib/single-tab';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { TRAY_ACTION } from '../../lib/url-actions';
import { useCurrentUser } from './current-user';

/** Brand plus "(N)" when there are unread customers (spec part 1 §1). */
export function useDocumentTitle(unread: number) {
  useEffect(() => {
    document.title = documentTitle(BRAND_NAME, unread);
  }, [unread]);
}

/** Theme and language live in localStorage; the user's record follows best-effort (never for an impersonated user). */
export function useSyncPreferences() {
  const me = useCurrentUser();
  const { themeMode, language } = usePreferences();
  // Best effort and quiet: localStorage stays the source of truth.
  const update = useUpdateUser();
  const sent = useRef<string | null>(null);
  const { mutate } = update;
  useEffect(() => {
    if (me.impersonator) return;
    if (me.theme === themeMode && me.language === language) return;
    const signature = `${me.id}:${themeMode}:${language}`;
    if (sent.current === signature) return;
    sent.current = signature;
    mutate({ id: me.id, patch: { theme: themeMode, language }, silent: true });
  }, [me.id, me.impersonator, me.theme, me.language, themeMode, language, mutate]);
}

/** Spec part 1 §4: ?action=sign_in_to_tray_app hands the session to the desktop tray app, then the action is cleared. */
export function useTrayAppAction() {
  useEffect(() => {
    if (readStorage(STORAGE_KEYS.action) !== TRAY_ACTION) return;
    writeStorage(STORAGE_KEYS.action, null);
    const token = readStorage(STORAGE_KEYS.token);
    const refreshToken = readStorage(STORAGE_KEYS.refreshToken);
    if (!token || !refreshToken) return;
    const params = new URLSearchParams({ token, refresh_token: refreshToken });
    window.location.href = `courierdesk-tray://sign_in?${params.toString()}`;
  }, []);
}

/**
 * One live staff tab (spec part 1 §2). Only the signed-in shell takes part, so public pages (sign-in links,
 * customer-facing pages) opened next to the app are never redirected.
 */
export function useSingleTabGuard() {
  useEffect(
    () => startSingleTabGuard({ takeOver: takeOverRequestedAtStart, onYield: () => window.location.replace(ANOTHER_TAB_PAGE) }),
    [],
  );
}
