/** Cache keys of the website chat settings. */
export const webchatKeys = {
  all: ['webchat'] as const,
  settings: ['webchat', 'settings'] as const,
};
