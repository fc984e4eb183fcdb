import type { z } from 'zod';
import type { ZDmsSchema } from '@cd/contracts/company';
import type { TConfig } from '../../config';
import { bindCallSubject, type TCallSubject } from '../../lib/outside-calls/call-subject';
import {
  createCdkTokenProvider,
  createDmsAdapter,
  type TCdkTokenProvider,
  type TDmsAdapter,
  type TDmsCall,
  type TDmsCallSink,
  type TDmsProductConfig,
} from '../../dms/dms';
import type { TCompanyRow } from '../companies/companies.api';
import type { TDmsType } from './dms-sync.schema';

export type TDmsSettings = z.infer<typeof ZDmsSchema>;

/** The slice of a logger the DMS link writes to (the app's pino logger, or a request's). */
export interface TDmsLog {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
}

export function dmsSettingsOf(company: Pick<TCompanyRow, 'dms'>): TDmsSettings {
  return (company.dms ?? {}) as TDmsSettings;
}

/** Whether this server holds the product-level vendor access the company's DMS type needs. */
export function serverReachesDms(config: TConfig, dmsType: TDmsType): boolean {
  return dmsType === 'vendor_a' ? !!config.dms.dealertrack : !!config.dms.cdk;
}

/**
 * Every outside call, one log line: vendor, operation, method, URL, status, duration, error and the bodies. The
 * adapters have already removed credentials, tokens and secret query parameters (dms/dms-redact.ts); nothing here
 * adds a header or a raw body.
 */
export function createDmsCallLogger(opts: { log: TDmsLog; companyId: number | null }): TDmsCallSink {
  return (call: TDmsCall) => {
    const entry = {
      dmsCall: {
        companyId: opts.companyId,
        vendor: call.vendor,
        operation: call.operation,
        method: call.method,
        url: call.url,
        status: call.status,
        durationMs: call.durationMs,
        error: call.error,
        requestBody: call.requestBody,
        responseBody: call.responseBody,
      },
    };
    if (call.error) opts.log.warn(entry, `DMS call ${call.vendor} ${call.operation} failed`);
    else opts.log.info(entry, `DMS call ${call.vendor} ${call.operation} ${call.status ?? ''}`.trim());
  };
}

/** One Fortellis token cache per server configuration: the app credentials are product-level, shared by dealers. */
const cdkTokens = new WeakMap<TConfig['dms'], TCdkTokenProvider>();

function productConfigOf(config: TConfig, log: TDmsLog): TDmsProductConfig {
  const out: TDmsProductConfig = {};
  if (config.dms.dealertrack) out.dealertrack = config.dms.dealertrack;
  const cdk = config.dms.cdk;
  if (cdk) {
    let tokens = cdkTokens.get(config.dms);
    if (!tokens) {
      tokens = createCdkTokenProvider({
        tokenUrl: cdk.tokenUrl,
        apiKey: cdk.apiKey,
        apiSecret: cdk.apiSecret,
        timeoutMs: config.dms.timeoutMs,
        onCall: createDmsCallLogger({ log, companyId: null }),
      });
      cdkTokens.set(config.dms, tokens);
    }
    out.cdk = { baseUrl: cdk.baseUrl, tokens, departmentId: cdk.departmentId, pollIntervalMs: cdk.pollIntervalMs };
  }
  return out;
}

/**
 * The company's adapter with every call logged; null when its DMS is off. `forceEnabled` lets a super admin sync
 * service writers while setting the link up, before switching it on. Incomplete settings throw a DmsError (auth).
 */
export function buildDmsAdapter(opts: {
  config: TConfig;
  company: TCompanyRow;
  log: TDmsLog;
  forceEnabled?: boolean;
  /** What the calls serve (the sync run, the repair order pushed): their API log rows' subject. */
  subject?: Pick<TCallSubject, 'subjectType' | 'subjectId'>;
}): TDmsAdapter | null {
  const settings = dmsSettingsOf(opts.company);
  const adapter = createDmsAdapter({
    settings: opts.forceEnabled ? { ...settings, enabled: true } : settings,
    config: productConfigOf(opts.config, opts.log),
    timeZone: opts.company.timezone,
    timeoutMs: opts.config.dms.timeoutMs,
    onCall: createDmsCallLogger({ log: opts.log, companyId: opts.company.id }),
  });
  // Its calls land in the outgoing API log under the company and what they serve (lib/outside-calls).
  return adapter && bindCallSubject(adapter, { ...opts.subject, companyId: opts.company.id });
}
