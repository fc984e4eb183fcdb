import { z } from 'zod';

/** Largest envelope POST /api/public/sentry_tunnel accepts (bytes); larger bodies answer 413. */
export const MAX_ERROR_ENVELOPE_BYTES = 200 * 1024;
/** Reports per page on the super admin's error reports screen. */
export const ERROR_REPORTS_PER_PAGE = 30;

/** A client error report as the super admin sees it (GET /api/error_reports and /api/error_reports/{id}). */
export const ZErrorReportSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('ErrorReport'),
    id: z.number().int(),
    receivedAt: z.string(),
    /** When the browser says it happened (its clock), if it said. */
    occurredAt: z.string().nullable(),
    eventId: z.string().nullable(),
    release: z.string().nullable(),
    environment: z.string().nullable(),
    level: z.string().nullable(),
    message: z.string().nullable(),
    exceptionType: z.string().nullable(),
    exceptionValue: z.string().nullable(),
    stack: z.string().nullable(),
    url: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The signed-in user, from a valid bearer token sent with the report. */
    userId: z.number().int().nullable(),
    companyId: z.number().int().nullable(),
    /** The user id the report itself names: unverified, shown only as a hint. */
    reportedUserId: z.string().nullable(),
  })
  .meta({ id: 'ErrorReport' });
export type TErrorReport = z.infer<typeof ZErrorReportSchema>;

export const ZErrorReportReleasesSchema = z.object({ member: z.array(z.string()) });
export type TErrorReportReleases = z.infer<typeof ZErrorReportReleasesSchema>;

export const ZSentryTunnelResultSchema = z.object({ id: z.string().nullable(), stored: z.number().int().min(0) });
