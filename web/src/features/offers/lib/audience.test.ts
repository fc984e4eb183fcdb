import { describe, expect, it } from 'vitest';
import { audienceInputOf, audienceOfOffer, EMPTY_AUDIENCE, isAudienceEmpty, isOfferEditable } from './audience';

describe('offer audience', () => {
  it('reads the stored IRIs back as picks', () => {
    const pick = audienceOfOffer({
      audience: { interestIds: ['/api/interests/4'], tagIds: ['/api/customer_tags/VIP%20buyers', 'plain'], groupIds: ['/api/customer_groups/9'] },
    });
    expect(pick).toEqual({ interestIds: [4], tagNames: ['VIP buyers', 'plain'], groupIds: [9] });
    expect(audienceInputOf(pick)).toEqual({ interestIds: [4], tagIds: ['VIP buyers', 'plain'], groupIds: [9] });
  });

  it('keeps a tag whose name is not valid URL encoding', () => {
    expect(audienceOfOffer({ audience: { interestIds: [], tagIds: ['/api/customer_tags/100%'], groupIds: [] } }).tagNames).toEqual(['100%']);
  });

  it('knows an empty audience', () => {
    expect(isAudienceEmpty(EMPTY_AUDIENCE)).toBe(true);
    expect(isAudienceEmpty({ ...EMPTY_AUDIENCE, tagNames: ['x'] })).toBe(false);
  });

  it('lets only drafts and scheduled offers change', () => {
    expect(isOfferEditable({ status: 'draft' })).toBe(true);
    expect(isOfferEditable({ status: 'scheduled' })).toBe(true);
    expect(isOfferEditable({ status: 'sent' })).toBe(false);
    expect(isOfferEditable({ status: 'failed' })).toBe(false);
  });
});
