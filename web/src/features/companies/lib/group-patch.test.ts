import { describe, expect, it } from 'vitest';
import { fieldError, toGroupPatch } from './group-patch';

describe('toGroupPatch', () => {
  it('wraps the changed keys in their group, trims text and turns emptied text into null', () => {
    expect(toGroupPatch({ group: 'customerView', changed: { afterSubmitText: '  Thanks  ', beforeNameInputText: '   ' } })).toEqual({
      customerView: { afterSubmitText: 'Thanks', beforeNameInputText: null },
    });
    expect(toGroupPatch({ group: 'surveySettings', changed: { daysAfter: 3, negativeResponseNotificationEmails: [] } })).toEqual({
      surveySettings: { daysAfter: 3, negativeResponseNotificationEmails: [] },
    });
  });
});

describe('fieldError', () => {
  it('finds browser and server (group-prefixed) errors', () => {
    expect(fieldError({ errors: { termsOfService: 'a' }, group: 'customerView', field: 'termsOfService' })).toBe('a');
    expect(fieldError({ errors: { 'customerView.termsOfService': 'b' }, group: 'customerView', field: 'termsOfService' })).toBe('b');
    expect(fieldError({ errors: {}, group: 'customerView', field: 'termsOfService' })).toBeUndefined();
  });
});
