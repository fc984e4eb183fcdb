/** What other modules may use of users; the repository itself stays private to this module. */
export { bumpTokenVersion, findAuthUsers, findUserByEmail, findUsersByIds, updateUser } from './users.repository';
