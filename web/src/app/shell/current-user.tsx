export { CurrentUserContext, useCurrentUser } from '../../lib/current-user';
