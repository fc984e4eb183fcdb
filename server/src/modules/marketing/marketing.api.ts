/** What other modules may use of marketing: consent (record, check, revoke), the state windows, the access checks. */
export { hasMarketingConsent, recordMarketingConsent, revokeMarketingConsent } from './marketing.service';
export { activeConsentSql } from './marketing.repository';
export { marketingRuleOf, nextMarketingTime, stateOfCustomer, type TMarketingRule } from './marketing-windows';
export { marketingCompanyOf, requireOffersModule, type TMarketingArea } from './marketing.access';
export { marketingRoutes } from './marketing.routes';
