import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { TAKE_OVER_PARAM } from '../lib/single-tab';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';
import { isUrlAction } from '../lib/url-actions';

/** App-start effects shared by public and signed-in pages: URL action, take-over flag clean-up, reload-page target. */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const url = new URL(window.location.href);
    const takeOver = url.searchParams.has(TAKE_OVER_PARAM);
    const param = url.searchParams.get('action');
    const action = isUrlAction(param) ? param : null;
    if (action) writeStorage(STORAGE_KEYS.action, action);
    if (takeOver || action) {
      url.searchParams.delete(TAKE_OVER_PARAM);
      url.searchParams.delete('action');
      void navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
    }
    const reloadTarget = readStorage(STORAGE_KEYS.reloadPage);
    if (reloadTarget && location.pathname !== '/reload-page') {
      writeStorage(STORAGE_KEYS.reloadPage, null);
      if (reloadTarget.startsWith('/') && !reloadTarget.startsWith('//')) void navigate(reloadTarget, { replace: true });
    }
    // App start only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <Outlet />;
}
