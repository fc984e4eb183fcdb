import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../../config';

/**
 * Signed download links of a report's files, for the mail (recipients need not have an account):
 * `/api/public/reports/{companyId}/{reportId}/{pdf|xlsx}?expires=<unix>&sig=<hmac>`. HMAC-SHA256 over every part
 * with a key derived from ENCRYPTION_KEY for this purpose only (lib/signed-url.ts does the same for stored files), so
 * neither signature can be replayed as the other. The link stops working at `expires` or when the report is deleted.
 */

type TSigningConfig = Pick<TConfig, 'encryptionKey' | 'publicUrl'>;
export type TReportFileFormat = 'pdf' | 'xlsx';

/** How long a mailed link works: a week, so Monday's report can still be opened on Friday. */
export const REPORT_LINK_TTL_SECONDS = 7 * 86_400;

function signatureOf(config: TSigningConfig, parts: { companyId: number; reportId: number; format: string; expires: number }): string {
  const key = createHmac('sha256', config.encryptionKey).update('courier-desk/report-download/v1').digest();
  return createHmac('sha256', key).update(`${parts.companyId}\n${parts.reportId}\n${parts.format}\n${parts.expires}`).digest('base64url');
}

export function createReportDownloadUrl(opts: { config: TSigningConfig; companyId: number; reportId: number; format: TReportFileFormat; now?: Date }): string {
  const expires = Math.floor((opts.now ?? new Date()).getTime() / 1000) + REPORT_LINK_TTL_SECONDS;
  const sig = signatureOf(opts.config, { ...opts, expires });
  return `${opts.config.publicUrl}/api/public/reports/${opts.companyId}/${opts.reportId}/${opts.format}?expires=${expires}&sig=${sig}`;
}

export type TReportLinkCheck = { ok: true } | { ok: false; reason: 'invalid' | 'expired' };

/** Signature first (constant time), then the expiry. */
export function verifyReportDownload(opts: {
  config: TSigningConfig;
  companyId: number;
  reportId: number;
  format: TReportFileFormat;
  expires: unknown;
  sig: unknown;
  now?: Date;
}): TReportLinkCheck {
  if (typeof opts.expires !== 'string' || !/^\d{1,12}$/.test(opts.expires) || typeof opts.sig !== 'string') return { ok: false, reason: 'invalid' };
  const expires = Number(opts.expires);
  const expected = Buffer.from(signatureOf(opts.config, { ...opts, expires }));
  const given = Buffer.from(opts.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (expires < Math.floor((opts.now ?? new Date()).getTime() / 1000)) return { ok: false, reason: 'expired' };
  return { ok: true };
}
