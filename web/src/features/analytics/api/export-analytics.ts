import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { analyticsQueryOf, type TAnalyticsSearch } from '../lib/analytics-search';

/**
 * GET /api/analytics/export.csv with the screen's query. It needs the bearer token, so it is fetched through the api
 * client (which reads text/csv as text) and saved from a blob rather than opened as a plain link.
 */
export async function exportAnalyticsCsv(opts: { search: TAnalyticsSearch }): Promise<Blob> {
  const text = await api.request<string>('/api/analytics/export.csv', { query: analyticsQueryOf(opts.search) });
  return new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' });
}

export function useExportAnalytics() {
  return useMutation({ mutationFn: exportAnalyticsCsv });
}
