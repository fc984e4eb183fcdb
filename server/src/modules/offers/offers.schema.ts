import type { TOfferStatus } from '@cd/contracts/offers';

/** Rows of 0031_offers_marketing.sql, read and written with SQL in offers.repository.ts. */

/** Stored audience: interest and group ids, tag names. */
export interface TStoredAudience {
  interestIds: number[];
  tagIds: string[];
  groupIds: number[];
}

export interface TOfferRow {
  companyId: number;
  id: number;
  name: string;
  message: string;
  imageMediaId: number | null;
  audience: TStoredAudience;
  status: TOfferStatus;
  scheduledAt: Date | null;
  sentAt: Date | null;
  failureReason: string | null;
  groupMessageId: number | null;
  createdById: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TOfferPageAsk {
  limit: number;
  before?: Date;
  idLt?: number;
  status?: TOfferStatus;
}
