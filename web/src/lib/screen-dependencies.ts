import { loadWholeCatalogue } from './i18n';
import { loadPhoneFormatter } from './phone-format';

/*
 * The first screen (shell and inbox) renders with the core of the catalogue and formats NANP phones itself; every
 * other screen needs the whole catalogue and libphonenumber. They load once the inbox is up, and the other screens'
 * lazy routes await them (app/router.tsx), so no screen ever shows a raw key or an unformatted number.
 */

/**
 * Resolves when the whole active catalogue and the phone formatter are in. It never rejects: after a failed fetch the
 * screen renders anyway (keys or stored numbers showing, re-rendered when a later retry succeeds) rather than failing.
 */
export function loadScreenDependencies(): Promise<void> {
  return Promise.all([loadWholeCatalogue().catch(() => undefined), loadPhoneFormatter().catch(() => undefined)]).then(() => undefined);
}

/** Runs `run` when the browser is idle (the first screen's own requests go first); returns a cancel for effects. */
export function runWhenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
