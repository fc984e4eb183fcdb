/** What the app uses of API keys: their routes and the bearer check the auth plugin calls for `cdk_` tokens. */
export { apiKeysRoutes } from './api-keys.routes';
export { authenticateApiKey } from './api-keys.auth';
export { createBadKeyLimiter } from './bad-key-counter';
