import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useMe } from '../../features/auth/api/get-me';
import { landingPath } from '../../features/auth/lib/landing-path';
import { hasToken } from '../../lib/storage-keys';

/** Public auth pages: an already signed-in user goes to their landing screen instead. */
export function RedirectIfSignedIn({ children }: { children: React.ReactNode }) {
  const me = useMe();
  if (!hasToken()) return children;
  if (me.isPending && me.fetchStatus !== 'idle') return <PageSpinner />;
  if (me.data) return <Navigate to={landingPath(me.data.roles)} replace />;
  return children;
}
