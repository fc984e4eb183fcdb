/** Cache keys of the reports feature; live events and every change address them by prefix. */
export const reportsKeys = {
  all: ['reports'] as const,
  lists: ['reports', 'list'] as const,
  list: (filters: { type?: string; parent?: number }) => ['reports', 'list', filters] as const,
  companyZone: (companyId: number) => ['reports', 'company-zone', companyId] as const,
};
