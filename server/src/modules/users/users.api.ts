import type { TTx } from '../../db/client';
import { createHook } from '../../lib/domain-hooks';

/** What other modules may use of users; the repository itself stays private to this module. */
export {
  bumpTokenVersion,
  claimAwayReply,
  findAuthUsers,
  findAuthUsersByIds,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  updateUser,
} from './users.repository';
export type { TUserRow } from './users.schema';

export interface TUserCredentialsChanged {
  tx: TTx;
  userId: number;
  /** The user's token version after the change. */
  tokenVersion: number;
  /** The session (refresh family) that made the change itself and stays signed in, moved to `tokenVersion`. */
  keepFamily?: string;
}

/**
 * Announced inside the transaction that retired a user's tokens (new password, roles, disabled). Auth reacts by
 * ending the user's sessions; users sits below auth, so it announces rather than calls.
 */
export const userCredentialsChanged = createHook<TUserCredentialsChanged>({ name: 'users.credentialsChanged' });
