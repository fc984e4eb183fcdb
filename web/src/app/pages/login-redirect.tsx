import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useMe } from '../../features/auth/api/get-me';
import { landingPath, returnPathOf } from '../../features/auth/lib/landing-path';
import { hasToken } from '../../lib/storage-keys';

/**
 * Public auth pages: an already signed-in user goes to the page they were opening (a link followed while signed out,
 * as the sign-in itself does) or else to their landing screen.
 */
export function RedirectIfSignedIn({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const returnTo = returnPathOf((useLocation().state as { from?: unknown } | null)?.from);
  if (!hasToken()) return children;
  if (me.isPending && me.fetchStatus !== 'idle') return <PageSpinner />;
  if (me.data) return <Navigate to={returnTo ?? landingPath(me.data.roles)} replace />;
  return children;
}
