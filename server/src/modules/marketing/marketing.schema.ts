import type { TMarketingConsentSource } from '@cd/contracts/offers';

/** A marketing_consents row (0031_offers_marketing.sql); read and written with SQL in marketing.repository.ts. */
export interface TMarketingConsentRow {
  companyId: number;
  id: number;
  customerId: number;
  source: TMarketingConsentSource;
  wording: string;
  grantedAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
  recordedById: number | null;
  evidence: Record<string, unknown>;
}
