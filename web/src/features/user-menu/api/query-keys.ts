export const userMenuKeys = {
  impersonable: (companyId: number | null) => ['user-menu', 'impersonable', companyId] as const,
  companies: (name: string) => ['user-menu', 'companies', name] as const,
};
