/** Cache keys of the roles feature. */
export const rolesKeys = {
  catalogue: ['role-catalogue'] as const,
};
