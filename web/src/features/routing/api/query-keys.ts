/** Cache keys of the routing feature; every change addresses them by prefix. */
export const routingKeys = {
  all: ['routing'] as const,
  settings: ['routing', 'settings'] as const,
  rules: ['routing', 'rules'] as const,
  decisions: (customerId: number) => ['routing', 'decisions', customerId] as const,
};
