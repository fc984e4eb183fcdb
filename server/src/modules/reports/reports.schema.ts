import type { TUsageMetrics } from '@cd/contracts/analytics';
import type { TReportPeriodName } from '@cd/contracts/report-periods';
import type { TReportKind, TReportSchedule, TReportStatus, TReportType } from '@cd/contracts/reports';

/** A row of migration 0034 as the repository reads it (raw SQL, camelCase). */
export interface TReportRow {
  companyId: number;
  id: number;
  type: TReportType;
  kind: TReportKind;
  status: TReportStatus;
  period: TReportPeriodName | null;
  schedule: TReportSchedule | null;
  recipients: string[];
  filters: { userIds: number[]; channels: string[] };
  /** Local days, YYYY-MM-DD. */
  fromDay: string | null;
  toDay: string | null;
  timeZone: string;
  parentId: number | null;
  slot: Date | null;
  nextRunAt: Date | null;
  generatedAt: Date | null;
  attempts: number;
  error: string | null;
  pdfKey: string | null;
  xlsxKey: string | null;
  notify: boolean;
  createdAt: Date;
}

/** The figures are read apart from the row: lists never carry them. */
export type TReportMetrics = TUsageMetrics;

/** A list page: keyset newest first, or everything up to a cap. */
export type TPageAsk = { paginated: true; limit: number; before?: Date; idLt?: number } | { paginated: false; limit: number };
