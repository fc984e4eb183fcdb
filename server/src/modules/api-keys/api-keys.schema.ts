import type { TApiKeyScope } from '@cd/contracts/api-keys';

/** Rows of migration 0044 as the repository reads them (raw SQL, camelCase). */
export interface TApiKeyRow {
  companyId: number;
  id: number;
  name: string | null;
  prefix: string;
  secretHash: string;
  scopes: TApiKeyScope[];
  createdByUserId: number;
  revokedByUserId: number | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}
