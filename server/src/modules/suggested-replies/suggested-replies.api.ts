/** Suggested replies (issue 21): only its routes are used from outside. */
export { suggestedRepliesRoutes } from './suggested-replies.routes';
