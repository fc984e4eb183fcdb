import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation } from 'react-router';
import type { TRecordActivePage } from '@cd/contracts/active-page';
import { ACTIVE_PAGE_HEARTBEAT_MS } from '@cd/contracts/active-page-constants';

/** What the server is told for a path: `none` unless focused, `communication` + id on a selected customer. */
export function activePageOf(opts: { pathname: string; focused: boolean }): TRecordActivePage {
  if (!opts.focused) return { page: 'none' };
  const m = opts.pathname.match(/^\/communication\/(\d{1,15})(?:\/|$)/);
  if (m) return { page: 'communication', customerId: Number(m[1]) };
  return { page: opts.pathname.slice(0, 300) || '/' };
}

function isFocused(): boolean {
  return !document.hidden && document.hasFocus();
}

/**
 * Reports where the signed-in user is looking (spec part 1 §7, §9) so the server can hold back notifications for
 * the conversation on screen: at once when the page, the focus or the selected customer changes, and every 20 s
 * as a heartbeat (the server forgets a report after a minute). Nothing else is sent; unmounting (sign-out) stops it.
 */
export function useActivePage(opts: { enabled: boolean; send: (body: TRecordActivePage) => Promise<unknown> }) {
  const { pathname } = useLocation();
  const [focused, setFocused] = useState(isFocused);
  const current = activePageOf({ pathname, focused });
  const signature = JSON.stringify(current);
  // An effect event: the latest `send` without restarting the heartbeat when the caller passes a new function.
  const send = useEffectEvent((body: TRecordActivePage) => opts.send(body));

  useEffect(() => {
    const update = () => setFocused(isFocused());
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  // A change is sent at once and restarts the heartbeat; a re-render that changes nothing sends nothing.
  useEffect(() => {
    if (!opts.enabled) return;
    const body = JSON.parse(signature) as TRecordActivePage;
    const post = () => void send(body).catch(() => undefined);
    post();
    const timer = window.setInterval(post, ACTIVE_PAGE_HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [opts.enabled, signature]);
}
