import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoutingSettings } from '@cd/contracts/routing';
import { api } from '../../../lib/api';
import { routingKeys } from './query-keys';

/** GET /api/routing/settings (company admins): first-reply target, reassignment delay, business hours, breach count. */
export function fetchRoutingSettings(opts: { signal?: AbortSignal }): Promise<TRoutingSettings> {
  return api.request<TRoutingSettings>('/api/routing/settings', { signal: opts.signal, silent: true });
}

export function routingSettingsQueryOptions() {
  return queryOptions({ queryKey: routingKeys.settings, queryFn: ({ signal }) => fetchRoutingSettings({ signal }) });
}

export function useRoutingSettings() {
  return useQuery(routingSettingsQueryOptions());
}
