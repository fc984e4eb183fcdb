/** Spec part 1 §4: `?action=sign_in_to_tray_app` hands the session to the desktop tray app. */
export const TRAY_ACTION = 'sign_in_to_tray_app';

/**
 * The app-start actions a link may carry in `?action=`. Only these are taken from the address: any other `action`
 * parameter belongs to the page (the audit log filters by action) and stays where it is.
 */
const URL_ACTIONS: readonly string[] = [TRAY_ACTION];

export function isUrlAction(value: string | null): value is string {
  return value !== null && URL_ACTIONS.includes(value);
}
