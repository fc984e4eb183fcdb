import type { TKeywordStatus } from '@cd/contracts/listings';

/** A keyword row of migration 0028 with its derived status (USED while an unarchived listing holds it). */
export interface TKeywordRow {
  companyId: number;
  id: number;
  name: string;
  status: TKeywordStatus;
  listingId: number | null;
  listingName: string | null;
  createdAt: Date;
}
