/** Cache keys of the accounts-receivable screen: a change invalidates `all` (balances move with every statement). */
export const arKeys = {
  all: ['accounting'] as const,
  customers: (search: string) => ['accounting', 'customers', search] as const,
  customer: (id: number) => ['accounting', 'customer', id] as const,
  aging: ['accounting', 'aging'] as const,
  transactions: (customerId: number) => ['accounting', 'transactions', customerId] as const,
  statements: (customerId: number) => ['accounting', 'statements', customerId] as const,
  companyZone: (companyId: number) => ['accounting', 'company-zone', companyId] as const,
};
