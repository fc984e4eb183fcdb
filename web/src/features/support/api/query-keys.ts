/** Cache keys of the support feature. */
export const supportKeys = {
  info: ['support', 'info'] as const,
};
