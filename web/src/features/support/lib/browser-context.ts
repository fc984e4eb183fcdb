import { SUPPORT_LIMITS } from '@cd/contracts/support-limits';

export interface TBrowserContext {
  page: string;
  userAgent: string;
  viewport: string;
}

/**
 * A path of this site the server accepts as the page (modules/support sameSitePathOf): `/…`, not `//host` or `/\host`
 * (a browser reads both as another host), printable ASCII (browsers encode paths), within the length cap.
 */
export function isSameSitePath(value: string): boolean {
  return value.length <= SUPPORT_LIMITS.page && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) && !value.includes('\\');
}

/**
 * What the browser adds to a support question (the server adds company, user and revision): the page the user came
 * from when the app knows it (a link's `state.from`, else `?from=`), else this page; the browser; the window size.
 */
export function browserContextOf(opts: {
  location: { pathname: string; search: string; state?: unknown };
  userAgent: string;
  width: number;
  height: number;
}): TBrowserContext {
  const state = opts.location.state as { from?: unknown } | null | undefined;
  const fromQuery = new URLSearchParams(opts.location.search).get('from');
  const from = typeof state?.from === 'string' && isSameSitePath(state.from) ? state.from : fromQuery && isSameSitePath(fromQuery) ? fromQuery : null;
  // This page without its `?from=` (a refused one must not go along).
  const here = opts.location.pathname.slice(0, SUPPORT_LIMITS.page);
  const page = from ?? (isSameSitePath(here) ? here : '/support');
  return {
    page,
    userAgent: opts.userAgent.slice(0, SUPPORT_LIMITS.userAgent),
    viewport: `${Math.round(opts.width)}x${Math.round(opts.height)}`,
  };
}

/**
 * The menu's Support link (app/shell/side-menu.tsx): `/support?from=<this page>`, so the question names where the
 * user was. On the support page itself the link keeps the page it already names.
 */
export function supportLinkOf(location: { pathname: string; search: string }): string {
  if (location.pathname === '/support') return `/support${location.search}`;
  const here = `${location.pathname}${location.search}`;
  return isSameSitePath(here) ? `/support?from=${encodeURIComponent(here)}` : '/support';
}
