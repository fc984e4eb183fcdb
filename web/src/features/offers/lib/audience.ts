import type { TOffer, TOfferAudience } from '@cd/contracts/offers';

/** The composer's audience: interest and group ids, tag names. */
export type TAudiencePick = { interestIds: number[]; tagNames: string[]; groupIds: number[] };

export const EMPTY_AUDIENCE: TAudiencePick = { interestIds: [], tagNames: [], groupIds: [] };

function idsOf(iris: readonly string[]): number[] {
  return iris.flatMap((iri) => {
    const m = /\/(\d+)$/.exec(iri);
    return m ? [Number(m[1])] : [];
  });
}

/** The stored offer's audience (IRIs) as the composer's picks; a tag IRI carries its name URL-encoded. */
export function audienceOfOffer(offer: Pick<TOffer, 'audience'>): TAudiencePick {
  return {
    interestIds: idsOf(offer.audience.interestIds),
    groupIds: idsOf(offer.audience.groupIds),
    tagNames: offer.audience.tagIds.map((iri) => {
      const m = /^\/api\/customer_tags\/(.+)$/.exec(iri);
      if (!m) return iri;
      try {
        return decodeURIComponent(m[1]!);
      } catch {
        return m[1]!;
      }
    }),
  };
}

/** The picks as the API takes them (ids and tag names; the server accepts both forms). */
export function audienceInputOf(pick: TAudiencePick): TOfferAudience {
  return { interestIds: pick.interestIds, tagIds: pick.tagNames, groupIds: pick.groupIds };
}

export function isAudienceEmpty(pick: TAudiencePick): boolean {
  return pick.interestIds.length === 0 && pick.tagNames.length === 0 && pick.groupIds.length === 0;
}

/** Only drafts and scheduled offers can still be changed, sent or deleted (the server says so too). */
export function isOfferEditable(offer: Pick<TOffer, 'status'>): boolean {
  return offer.status === 'draft' || offer.status === 'scheduled';
}
