import { SUPPORT_LIMITS } from '@cd/contracts/support';

export interface TBrowserContext {
  page: string;
  userAgent: string;
  viewport: string;
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
  const from = typeof state?.from === 'string' && state.from.startsWith('/') ? state.from : fromQuery?.startsWith('/') ? fromQuery : null;
  const page = from ?? `${opts.location.pathname}${opts.location.search}`;
  return {
    page: page.slice(0, SUPPORT_LIMITS.page),
    userAgent: opts.userAgent.slice(0, SUPPORT_LIMITS.userAgent),
    viewport: `${Math.round(opts.width)}x${Math.round(opts.height)}`,
  };
}
