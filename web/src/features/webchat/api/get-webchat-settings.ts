import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWebchatSettings } from '@cd/contracts/webchat';
import { api } from '../../../lib/api';
import { webchatKeys } from './query-keys';

/** GET /api/webchat/settings (company admins): the widget settings; the first read creates them with a fresh key. */
export function fetchWebchatSettings(opts: { signal?: AbortSignal }): Promise<TWebchatSettings> {
  return api.request<TWebchatSettings>('/api/webchat/settings', { signal: opts.signal, silent: true });
}

export function webchatSettingsQueryOptions() {
  return queryOptions({ queryKey: webchatKeys.settings, queryFn: ({ signal }) => fetchWebchatSettings({ signal }) });
}

export function useWebchatSettings() {
  return useQuery(webchatSettingsQueryOptions());
}
