/** What other modules may use of auth's data: ending a user's sessions when their credentials change. */
export { revokeUserSessionsExcept } from './auth.repository';
