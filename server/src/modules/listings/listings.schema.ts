import type { TListingStatus } from '@cd/contracts/listings';

/** Rows of migration 0028 as the repositories read them (raw SQL, camelCase; money as numbers of cents). */

export interface TListingRow {
  companyId: number;
  id: number;
  name: string;
  url: string;
  keywordId: number | null;
  keywordName: string | null;
  location: string;
  priceCents: number | null;
  negotiable: boolean;
  status: TListingStatus;
  agentId: number | null;
  agentName: string | null;
  photoUrl: string | null;
  description: string;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The page a list asks for: keyset by creation time (newest first), or everything up to a cap. */
export type TListingPageAsk = { paginated: true; limit: number; before?: Date; idLt?: number } | { paginated: false; limit: number };
