import type { TKeyword } from '@cd/contracts/listings';
import type { TKeywordRow } from './keywords.schema';

export function toKeywordResource(r: TKeywordRow): TKeyword {
  return {
    '@id': `/api/keywords/${r.id}`,
    '@type': 'Keyword',
    id: r.id,
    name: r.name,
    status: r.status,
    listing: r.listingId === null ? null : `/api/listings/${r.listingId}`,
    listingName: r.listingName,
    createdAt: r.createdAt.toISOString(),
  };
}
