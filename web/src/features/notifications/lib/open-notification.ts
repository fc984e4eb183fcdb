/**
 * Toasts live outside the router, so the bell (inside it) lends its navigate function here; a click on a toast or
 * a push message then moves within the app instead of reloading it.
 */
let navigateTo: ((path: string) => void) | null = null;

export function setNotificationNavigator(fn: (path: string) => void): () => void {
  navigateTo = fn;
  return () => {
    if (navigateTo === fn) navigateTo = null;
  };
}

/** Opens an app path (same origin only); without a router yet, a plain page load. */
export function openNotificationLink(link: string | null | undefined): void {
  if (!link || !link.startsWith('/') || link.startsWith('//')) return;
  if (navigateTo) navigateTo(link);
  else window.location.assign(link);
}
