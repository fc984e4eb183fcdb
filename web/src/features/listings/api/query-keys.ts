/** Cache keys of the listings feature; the live-event handler and every change address them by prefix. */
export const listingsKeys = {
  all: ['listings'] as const,
  lists: ['listings', 'list'] as const,
  list: (filters: object) => ['listings', 'list', filters] as const,
  detail: (id: number) => ['listings', 'detail', id] as const,
  availableKeywords: ['listings', 'keywords', 'available'] as const,
  interests: ['listings', 'interests'] as const,
  listingInterests: (listingId: number) => ['listings', 'interests', 'listing', listingId] as const,
  customerListingInterests: (customerId: number) => ['listings', 'interests', 'customer', customerId] as const,
  customerCategories: (customerId: number) => ['listings', 'interests', 'categories', customerId] as const,
  categories: ['listings', 'categories'] as const,
};
