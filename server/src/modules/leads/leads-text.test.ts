import { describe, expect, it } from 'vitest';
import { keywordCandidatesOf, listingPriceText, looksLikeKeywordAttempt, renderListingText, urlsOf } from './leads-text';

describe('keywordCandidatesOf', () => {
  it('reads the whole text or its first word, any case, punctuation trimmed', () => {
    // HOUSE7 holds O and S, outside the keyword alphabet: never looked up.
    expect(keywordCandidatesOf('house7')).toEqual([]);
    expect(keywordCandidatesOf('mnp4')).toEqual(['MNP4']);
    expect(keywordCandidatesOf('  "MNP4"!! ')).toEqual(['MNP4']);
    expect(keywordCandidatesOf('mnp4, still available?')).toEqual(['MNP4']);
    expect(keywordCandidatesOf('Is MNP4 available')).toEqual([]);
    expect(keywordCandidatesOf('')).toEqual([]);
    expect(keywordCandidatesOf(null)).toEqual([]);
    expect(keywordCandidatesOf('x'.repeat(100_000))).toEqual([]);
  });
});

describe('looksLikeKeywordAttempt', () => {
  it('takes one capitalised or digit-holding token of the keyword alphabet', () => {
    for (const t of ['QX7K9', 'MNP4', 'hk7d', 'CDFGH', '"RTVW"']) expect(looksLikeKeywordAttempt(t), t).toBe(true);
  });
  it('never takes ordinary conversation', () => {
    for (const t of [
      'ok',
      'yes',
      'Thanks!',
      'hey',
      'HEY',
      'YEAH',
      'Hello there',
      'call me',
      '👍',
      '12',
      '123456',
      'mnp',
      'Where?',
      'a'.repeat(13),
      '(.*)+$',
      '',
    ])
      expect(looksLikeKeywordAttempt(t), t).toBe(false);
  });
});

describe('urlsOf', () => {
  it('finds up to three addresses, trailing punctuation dropped', () => {
    expect(urlsOf('see https://homes.example/a/1. and www.homes.example/b?x=1)')).toEqual(['https://homes.example/a/1', 'https://www.homes.example/b?x=1']);
    expect(urlsOf('a http://x.example/1 b http://x.example/2 c http://x.example/3 d http://x.example/4')).toHaveLength(3);
    expect(urlsOf('no links here')).toEqual([]);
  });
});

describe('renderListingText', () => {
  const values = {
    customerName: 'Ann',
    companyName: 'Acme Realty',
    listing: { name: '12 Oak St', url: 'https://h.example/1', priceCents: 45_000_050, agentName: null },
  };
  it('fills the listing modifiers, the agent falling back to the company', () => {
    expect(
      renderListingText({
        field: 'realEstateSettings.propertyInterestMessage',
        text: '{customer_name}: {listing_name} {listing_price} {listing_url} {agent_name}',
        values,
      }),
    ).toBe('Ann: 12 Oak St $450,000.50 https://h.example/1 Acme Realty');
    expect(listingPriceText(45_000_000)).toBe('$450,000');
    expect(listingPriceText(null)).toBe('N/A');
  });
  it('sends nothing for an empty text or one with an unknown modifier, and inserts values literally', () => {
    expect(renderListingText({ field: 'realEstateSettings.propertyInterestMessage', text: '  ', values })).toBeNull();
    expect(renderListingText({ field: 'realEstateSettings.propertyInterestMessage', text: 'Hi {nope}', values })).toBeNull();
    expect(renderListingText({ field: 'realEstateSettings.invalidPropertyRequestedMessage', text: 'Hi {listing_name}', values })).toBeNull();
    const sneaky = { ...values, customerName: '{listing_url} $&' };
    expect(renderListingText({ field: 'realEstateSettings.propertyInterestMessage', text: 'Hi {customer_name}', values: sneaky })).toBe('Hi {listing_url} $&');
  });
});
