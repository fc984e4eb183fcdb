/** Cache keys of the parts feature: every change invalidates `all` (lists are small and read together). */
export const partsKeys = {
  all: ['parts'] as const,
  customers: (search: string) => ['parts', 'customers', search] as const,
  customer: (id: number) => ['parts', 'customer', id] as const,
  tickets: (resource: string, customerId: number) => ['parts', 'tickets', resource, customerId] as const,
  statements: (customerId: number) => ['parts', 'statements', customerId] as const,
};
