/** Cache keys of the API keys feature; every change invalidates them by prefix. */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: ['api-keys', 'list'] as const,
};
