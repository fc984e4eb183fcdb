export const userMenuKeys = {
  impersonable: (companyId: number | null) => ['user-menu', 'impersonable', companyId] as const,
};
