import type { TListingInterestSource, TListingInterestState } from '@cd/contracts/interests';

/** Rows of migration 0029 as the repository reads them (raw SQL, camelCase). */

export interface TInterestRow {
  companyId: number;
  id: number;
  name: string;
  description: string;
  memberCount: number;
  createdAt: Date;
}

export interface TCustomerInterestRow {
  companyId: number;
  customerId: number;
  customerName: string;
  interestId: number;
  interestName: string;
  createdAt: Date;
}

export interface TListingInterestRow {
  companyId: number;
  id: number;
  listingId: number;
  listingName: string;
  customerId: number;
  customerName: string;
  customerPhone: string | null;
  state: TListingInterestState;
  agentId: number | null;
  source: TListingInterestSource;
  createdAt: Date;
  updatedAt: Date;
}

/** The page a list asks for: keyset by creation time (newest first), or everything up to a cap. */
export interface TInterestsPageAsk {
  paginated: boolean;
  limit: number;
  before?: Date;
  idLt?: number;
}
