/** Cache keys of the keywords admin screen; every change refetches `all`. */
export const keywordsKeys = {
  all: ['keywords-admin'] as const,
  list: (params: object) => ['keywords-admin', 'list', params] as const,
};
