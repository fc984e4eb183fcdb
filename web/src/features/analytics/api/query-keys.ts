import type { TQuery } from '../../../lib/api-client';

/** Cache keys of the analytics feature. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  metrics: (query: TQuery) => ['analytics', 'metrics', query] as const,
};
