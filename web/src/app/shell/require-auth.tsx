import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { MessagePage } from '../../components/ui/message-page';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useMe } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/api/logout';
import { usePublicFeatures } from '../../lib/public-features';
import { hasToken } from '../../lib/storage-keys';
import { CurrentUserContext } from './current-user';

/** App start (spec part 1 §4): no token on a non-public page → /login; a token and no user → load /api/me. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useMe();
  // Fetched alongside /api/me so the side menu appears whole, not with the simulator entry popping in a moment later.
  const features = usePublicFeatures();
  const logout = useLogout();

  // The whole address, so sign-in returns to the very link (filters included) that was opened.
  if (!hasToken()) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  if (me.isPending || features.isPending) return <PageSpinner />;
  if (me.isError)
    return (
      <MessagePage
        testId="me-load-failed"
        title={t('an_error_has_occurred')}
        body={me.error.message}
        actions={
          <>
            <Button type="button" variant="contained" onClick={() => window.location.reload()}>
              {t('reload')}
            </Button>
            <Button type="button" onClick={() => logout.mutate()}>
              {t('logout')}
            </Button>
          </>
        }
      />
    );
  return <CurrentUserContext.Provider value={me.data}>{children}</CurrentUserContext.Provider>;
}
