import { companyAdminsTopic } from '@cd/contracts/live';
import type { TReport } from '@cd/contracts/reports';
import type { TLiveEventInput } from '../../live/live.types';
import type { TReportRow } from './reports.schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toReportResource(r: TReportRow): TReport {
  const ready = r.status === 'ready';
  return {
    '@id': `/api/reports/${r.id}`,
    '@type': 'Report',
    id: r.id,
    type: r.type,
    kind: r.kind,
    status: r.status,
    period: r.period,
    schedule: r.schedule,
    recipients: r.recipients,
    filters: { userIds: r.filters.userIds ?? [], channels: r.filters.channels ?? [] },
    from: r.fromDay,
    to: r.toDay,
    timeZone: r.timeZone,
    generatedAt: iso(r.generatedAt),
    nextRunAt: r.type === 'recurring' ? iso(r.nextRunAt) : null,
    parent: r.parentId === null ? null : `/api/reports/${r.parentId}`,
    attempts: r.attempts,
    error: r.error,
    files: {
      pdf: ready && r.pdfKey ? `/api/reports/${r.id}/pdf` : null,
      xlsx: ready && r.xlsxKey ? `/api/reports/${r.id}/xlsx` : null,
    },
    createdAt: r.createdAt.toISOString(),
  };
}

/** Reports are the company admins' (spec part 2 §1): their topic only. */
export function reportEvent(r: TReportRow, event: 'created' | 'updated' | 'removed'): TLiveEventInput {
  return { companyId: r.companyId, topics: [companyAdminsTopic(r.companyId)], event, entity: 'reports', data: toReportResource(r), changes: null };
}
