import { describe, expect, it } from 'vitest';
import { buildRecipientsQuery, isRecipientFilter, nextRecipientsCursor, recipientLabel } from './recipients-query';

describe('buildRecipientsQuery', () => {
  it('asks for 50 per page without a status for "all"', () => {
    expect(buildRecipientsQuery('all', null)).toEqual({ itemsPerPage: 50 });
  });
  it('adds the status filter and the keyset cursor', () => {
    expect(buildRecipientsQuery('FAILED', 120)).toEqual({ itemsPerPage: 50, status: 'FAILED', after: 120 });
    expect(buildRecipientsQuery('blocked', null, 10)).toEqual({ itemsPerPage: 10, status: 'blocked' });
  });
  it('ignores an invalid cursor', () => {
    expect(buildRecipientsQuery('all', 0)).toEqual({ itemsPerPage: 50 });
    expect(buildRecipientsQuery('all', 1.5)).toEqual({ itemsPerPage: 50 });
  });
  it('accepts only known filters', () => {
    expect(isRecipientFilter('all')).toBe(true);
    expect(isRecipientFilter('DELIVERED')).toBe(true);
    expect(isRecipientFilter('nope')).toBe(false);
  });
});

describe('nextRecipientsCursor', () => {
  const member = [{ messageId: 20 }, { messageId: 21 }];
  it('reads `after` from view.next', () => {
    expect(nextRecipientsCursor({ member, view: { next: '/api/group_messages/1/recipients?itemsPerPage=2&after=21' } })).toBe(21);
  });
  it('falls back to the last row when next has no cursor', () => {
    expect(nextRecipientsCursor({ member, view: { next: '/api/group_messages/1/recipients?page=2' } })).toBe(21);
  });
  it('stops without next or rows', () => {
    expect(nextRecipientsCursor({ member, view: {} })).toBeUndefined();
    expect(nextRecipientsCursor({ member: [], view: { next: '/x?after=3' } })).toBeUndefined();
  });
});

describe('recipientLabel', () => {
  it('labels opted-out skips explicitly', () => {
    expect(recipientLabel({ status: 'blocked', errorMessage: 'The customer opted out of messages (STOP).', errorCode: null })).toBe('skipped_opted_out');
    expect(recipientLabel({ status: 'blocked', errorMessage: 'Safe mode: this number is not on the whitelist.', errorCode: null })).toBe('skipped');
  });
  it('maps delivery statuses', () => {
    const l = (status: string) => recipientLabel({ status, errorMessage: null, errorCode: null });
    expect([l('SENDING'), l('SENT'), l('DELIVERED'), l('READ'), l('SEEN'), l('FAILED'), l('UNDELIVERED')]).toEqual(['pending', 'sent', 'delivered', 'read', 'read', 'failed', 'failed']);
  });
});
