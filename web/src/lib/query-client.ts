import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // A server answer (4xx/5xx) will not change by asking again; only network failures are retried.
        retry: (count, error) => !(error instanceof ApiError && error.status > 0) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
