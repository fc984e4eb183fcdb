import { describe, expect, it } from 'vitest';
import { buildListingBody, EMPTY_LISTING_FORM, idOfIri, isListingUrl } from './listing-form';
import { readListingFilters, writeListingFilters, listingApiQuery } from './listings-query';

const filled = { ...EMPTY_LISTING_FORM, name: ' 12 Maple ', url: 'https://homes.example/12-maple', keywordId: 7, price: '389,000.50' };

describe('listing form', () => {
  it('turns dollars into cents and sends the keyword only when creating', () => {
    const created = buildListingBody(filled, { creating: true });
    expect(created).toEqual({ ok: true, body: expect.objectContaining({ name: '12 Maple', priceCents: 38_900_050, keyword: 7, agent: null, photoUrl: null }) });
    const edited = buildListingBody(filled, { creating: false });
    expect(edited.ok && 'keyword' in edited.body).toBe(false);
  });

  it('an empty price is no price', () => {
    const r = buildListingBody({ ...filled, price: '  ' }, { creating: true });
    expect(r.ok && r.body.priceCents).toBe(null);
  });

  it('names every problem', () => {
    const r = buildListingBody({ ...EMPTY_LISTING_FORM, url: 'javascript:alert(1)', price: '12.345', photoUrl: 'ftp://x' }, { creating: true });
    expect(r).toEqual({
      ok: false,
      errors: {
        name: 'listing_error_required',
        url: 'listing_error_url',
        photoUrl: 'listing_error_url',
        keywordId: 'listing_error_keyword',
        price: 'listing_error_price',
      },
    });
    expect(buildListingBody({ ...filled, price: '-5' }, { creating: true })).toMatchObject({ ok: false, errors: { price: 'listing_error_price' } });
    expect(buildListingBody({ ...filled, price: '2000000000' }, { creating: true })).toMatchObject({
      ok: false,
      errors: { price: 'listing_error_price_too_large' },
    });
  });

  it('reads ids from IRIs and checks URLs like the server', () => {
    expect(idOfIri('/api/users/12')).toBe(12);
    expect(idOfIri(null)).toBe(null);
    expect(idOfIri('/api/users/x')).toBe(null);
    expect(isListingUrl(' http://a.example/x ')).toBe(true);
    expect(isListingUrl('http://')).toBe(false);
  });
});

describe('listing filters in the address', () => {
  it('round-trips and drops what is not valid', () => {
    const f = readListingFilters(new URLSearchParams('status=sold&agent=4&q=maple'));
    expect(f).toEqual({ status: 'sold', agent: 4, search: 'maple' });
    expect(writeListingFilters(f).toString()).toBe('status=sold&agent=4&q=maple');
    expect(readListingFilters(new URLSearchParams('status=gone&agent=-1&q=' + 'x'.repeat(300)))).toEqual({ status: '', agent: null, search: 'x'.repeat(100) });
  });

  it('asks for archived or unarchived listings', () => {
    expect(listingApiQuery({ status: '', agent: null, search: ' ', archived: true })).toEqual({ archived: 'true' });
    expect(listingApiQuery({ status: 'for_sale', agent: 3, search: 'oak', archived: false })).toEqual({
      archived: 'false',
      status: 'for_sale',
      agent: 3,
      q: 'oak',
    });
  });
});
