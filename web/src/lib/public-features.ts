import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface TPublicFeatures {
  simulator: boolean;
}

export const publicFeaturesQueryKey = ['public', 'features'] as const;

/** GET /api/public/features (no auth). Unknown or failing → every feature off. */
export async function fetchPublicFeatures(signal?: AbortSignal): Promise<TPublicFeatures> {
  try {
    const body = await api.request<Partial<TPublicFeatures> | undefined>('/api/public/features', { auth: false, silent: true, signal });
    return { simulator: body?.simulator === true };
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return { simulator: false };
  }
}

export function publicFeaturesQueryOptions() {
  return queryOptions({
    queryKey: publicFeaturesQueryKey,
    queryFn: ({ signal }) => fetchPublicFeatures(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Shared by the shell (simulator menu entry) and features (default channel); lib, so features stay independent. */
export function usePublicFeatures() {
  return useQuery(publicFeaturesQueryOptions());
}
