import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@cd/contracts/audit';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import type { TAuditQuery } from '../lib/audit-filters';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: TAuditQuery) => ['audit-log', 'list', query] as const,
};

/**
 * GET /api/audit_log (super admins: every company or one; company admins: their own), newest first, 50 a page;
 * older pages follow the server's `view.next` (keyset), never an offset.
 */
export function fetchAuditLog(opts: { query: TAuditQuery; next: string | null; signal?: AbortSignal }): Promise<THydraCollection<TAuditEntry>> {
  if (opts.next) return api.request<THydraCollection<TAuditEntry>>(opts.next, { signal: opts.signal, silent: true });
  return api.request<THydraCollection<TAuditEntry>>('/api/audit_log', { query: { ...opts.query }, signal: opts.signal, silent: true });
}

export function auditLogQueryOptions(query: TAuditQuery) {
  return infiniteQueryOptions({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchAuditLog({ query, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useAuditLog(query: TAuditQuery) {
  return useInfiniteQuery(auditLogQueryOptions(query));
}
