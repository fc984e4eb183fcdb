/**
 * Exact 401 messages of spec part 1 §8 / ARCHITECTURE §4. A file of its own without zod, so the web app's entry
 * chunk (its API client) can compare messages without loading the schema library and phone metadata.
 */
export const AUTH_MESSAGES = {
  expired: 'Expired JWT Token',
  invalidCredentials: 'Invalid credentials.',
  notFound: 'JWT Token not found',
  invalid: 'Invalid JWT Token',
  exception: 'An authentication exception occurred.',
} as const;
