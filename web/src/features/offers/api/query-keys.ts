/** Cache keys of the offers feature: every change invalidates `all` (the list shows each offer's results). */
export const offerKeys = {
  all: ['offers'] as const,
  list: ['offers', 'list'] as const,
  audienceSize: (offerId: number) => ['offers', 'audience-size', offerId] as const,
  interests: ['offers', 'interests'] as const,
  groups: ['offers', 'groups'] as const,
};
