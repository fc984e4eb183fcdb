import { Navigate } from 'react-router';
import { landingPath } from '../../features/auth/lib/landing-path';
import { useCurrentUser } from '../shell/current-user';

/** "/" sends each user to their landing screen (same rules as after sign-in). */
export function LandingRedirect() {
  const me = useCurrentUser();
  return <Navigate to={landingPath(me.roles)} replace />;
}
