import type { TLeadSource, TLeadStatus } from '@cd/contracts/leads';

/** Rows of migration 0030 as the repository reads them (raw SQL, camelCase aliases). */

export interface TLeadRow {
  companyId: number;
  id: number;
  customerId: number;
  source: TLeadSource;
  listingId: number | null;
  offerId: number | null;
  agentId: number | null;
  status: TLeadStatus;
  note: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A lead with the names its list shows (customer, listing, agent). */
export interface TLeadViewRow extends TLeadRow {
  customerName: string;
  customerPhone: string | null;
  listingName: string | null;
  agentName: string | null;
}

export const LEAD_AUTO_REPLY_KINDS = ['property_interest', 'generic_url', 'invalid_keyword', 'landing_page'] as const;
export type TLeadAutoReplyKind = (typeof LEAD_AUTO_REPLY_KINDS)[number];

export interface TLeadPageAsk {
  paginated: boolean;
  limit: number;
  before?: Date;
  idLt?: number;
}

export interface TLeadFilters {
  source?: TLeadSource;
  status?: TLeadStatus;
  agentId?: number;
  listingId?: number;
  customerId?: number;
}
