import { userCredentialsChanged, type TUserCredentialsChanged } from '../users/users.api';
import { revokeUserSessionsExcept } from './auth.repository';

// One function for the process: attaching it again (a second app in tests) is a no-op.
const endUserSessions = ({ tx, ...opts }: TUserCredentialsChanged) => revokeUserSessionsExcept(tx, opts);

/** Auth's reactions to other modules' announcements; app.ts attaches them once at build. */
export function attachAuthReactions(): void {
  userCredentialsChanged.attach(endUserSessions);
}
