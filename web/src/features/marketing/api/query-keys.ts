import type { TLeadFilters } from '../lib/leads-query';

/** Cache keys of the marketing feature: a lead change refetches `leads`, an offer result `offers`. */
export const marketingKeys = {
  all: ['marketing'] as const,
  leads: ['marketing', 'leads'] as const,
  leadList: (filters: TLeadFilters) => ['marketing', 'leads', filters] as const,
  offers: ['marketing', 'offers'] as const,
};
