import type { z } from 'zod';
import type { ZDmsSchema } from '@cd/contracts/company';
import { createCdkAdapter } from './cdk/cdk-adapter';
import type { TCdkTokenProvider } from './cdk/cdk-token';
import { createDealertrackAdapter } from './dealertrack/dealertrack-adapter';
import { DmsError } from './dms-error';
import type { TDmsAdapter, TDmsCommonOptions } from './dms.types';

export { DmsError, type TDmsErrorKind } from './dms-error';
export { createCdkTokenProvider, type TCdkTokenProvider } from './cdk/cdk-token';
export type * from './dms.types';

type TDmsSettings = z.infer<typeof ZDmsSchema>;

/** Product-level vendor access (server config): one Dealertrack vendor login, one Fortellis app. */
export interface TDmsProductConfig {
  dealertrack?: { baseUrl?: string; username: string; password: string };
  cdk?: { baseUrl?: string; tokens: TCdkTokenProvider; departmentId?: string; pollIntervalMs?: number };
}

/**
 * The adapter for a company's DMS settings (`vendor_a` = Dealertrack, `vendor_b` = CDK), or null when the company
 * has no DMS or it is switched off. Missing settings or product config is an `auth` error: nobody can call the
 * vendor until an admin fills them in, so retrying would not help.
 */
export function createDmsAdapter(opts: { settings: TDmsSettings | null | undefined; config: TDmsProductConfig } & TDmsCommonOptions): TDmsAdapter | null {
  const { settings, config, ...common } = opts;
  if (!settings?.enabled || !settings.dmsType) return null;
  if (settings.dmsType === 'vendor_a') {
    const dt = config.dealertrack;
    if (!dt || !settings.dtCompanyNumber || !settings.dtEnterpriseCode)
      throw new DmsError({
        vendor: 'dealertrack',
        kind: 'auth',
        message: 'Dealertrack is not set up: the company number, enterprise code or vendor login is missing.',
      });
    return createDealertrackAdapter({
      ...common,
      baseUrl: dt.baseUrl,
      credentials: { username: dt.username, password: dt.password },
      dealer: { companyNumber: settings.dtCompanyNumber, enterpriseCode: settings.dtEnterpriseCode },
    });
  }
  const cdk = config.cdk;
  if (!cdk || !settings.cdkSubscriptionId)
    throw new DmsError({ vendor: 'cdk', kind: 'auth', message: 'CDK is not set up: the subscription id or the Fortellis app credentials are missing.' });
  return createCdkAdapter({
    ...common,
    baseUrl: cdk.baseUrl,
    tokens: cdk.tokens,
    subscriptionId: settings.cdkSubscriptionId,
    departmentId: cdk.departmentId,
    pollIntervalMs: cdk.pollIntervalMs,
  });
}
