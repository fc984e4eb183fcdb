import { describe, expect, it } from 'vitest';
import type { TCompany } from '@cd/contracts/company';
import { fieldError, groupValues, toGroupPatch, validateGroupPatch, type TGroupField } from './group-settings';

const fields: TGroupField[] = [
  { name: 'safeMode', label: 'safe_mode', kind: 'switch' },
  { name: 'twilioAuthToken', label: 'x', kind: 'secret' },
  { name: 'twilioPhoneNumber', label: 'x', kind: 'phone' },
  { name: 'smsWhitelist', label: 'x', kind: 'list' },
];
const company = { ocs: { safeMode: true, twilioAuthToken: '••••••••abcd', smsWhitelist: ['+15551230000'] } } as unknown as TCompany;

describe('group settings values', () => {
  it('reads stored values with empty strings for unset fields', () => {
    expect(groupValues({ company, group: 'ocs', fields })).toEqual({
      safeMode: true,
      twilioAuthToken: '••••••••abcd',
      twilioPhoneNumber: '',
      smsWhitelist: ['+15551230000'],
    });
  });

  it('reads a missing group (payment null) as empty values', () => {
    const v = groupValues({ company: { payment: null } as unknown as TCompany, group: 'payment', fields: [{ name: 'text', label: 'x', kind: 'multiline' }] });
    expect(v).toEqual({ text: '' });
  });
});

describe('toGroupPatch', () => {
  it('sends only the changed keys, trimmed, with emptied text as null and declared numbers as numbers', () => {
    const patch = toGroupPatch({
      group: 'payment',
      fields: [
        { name: 'text', label: 'x', kind: 'multiline' },
        { name: 'markAsExpiredAfterDays', label: 'x', kind: 'number' },
        { name: 'mode', label: 'x', kind: 'select' },
      ],
      changed: { text: '  ', markAsExpiredAfterDays: '14' },
    });
    expect(patch).toEqual({ payment: { text: null, markAsExpiredAfterDays: 14 } });
  });

  it('without field declarations trims text and passes other values through', () => {
    expect(toGroupPatch({ group: 'customerView', changed: { afterSubmitText: '  Thanks  ', beforeNameInputText: '   ' } })).toEqual({
      customerView: { afterSubmitText: 'Thanks', beforeNameInputText: null },
    });
    expect(toGroupPatch({ group: 'surveySettings', changed: { daysAfter: 3, negativeResponseNotificationEmails: [] } })).toEqual({
      surveySettings: { daysAfter: 3, negativeResponseNotificationEmails: [] },
    });
  });
});

describe('validation and errors', () => {
  it('reports contract violations under group.field', () => {
    const errors = validateGroupPatch({ group: 'ocs', patch: { ocs: { twilioPhoneNumber: 'not a phone' } } });
    expect(errors['ocs.twilioPhoneNumber']).toBe('This phone number is not valid.');
    expect(validateGroupPatch({ group: 'ocs', patch: { ocs: { twilioPhoneNumber: '+15551234567' } } })).toEqual({});
  });

  it('checks colour fields as hex', () => {
    const colour: TGroupField[] = [{ name: 'accentColor', label: 'x', kind: 'color' }];
    expect(validateGroupPatch({ group: 'customerView', fields: colour, patch: { customerView: { accentColor: 'red' } } })).toEqual({
      'customerView.accentColor': 'accent_color_invalid',
    });
    expect(validateGroupPatch({ group: 'customerView', fields: colour, patch: { customerView: { accentColor: '#1a73e8' } } })).toEqual({});
  });

  it('finds browser and server (group-prefixed) errors', () => {
    expect(fieldError({ errors: { termsOfService: 'a' }, group: 'customerView', field: 'termsOfService' })).toBe('a');
    expect(fieldError({ errors: { 'customerView.termsOfService': 'b' }, group: 'customerView', field: 'termsOfService' })).toBe('b');
    expect(fieldError({ errors: {}, group: 'customerView', field: 'termsOfService' })).toBeUndefined();
  });
});

describe('toGroupPatch with trimText false', () => {
  it('keeps a message as typed, blanks still become null, declared numbers become numbers', () => {
    expect(
      toGroupPatch({
        group: 'appointmentsSettings',
        changed: { requestText: ' Hi {customer_name} ', reminderText: '   ', safeZone: '30' },
        fields: [{ name: 'safeZone', kind: 'number' }],
        trimText: false,
      }),
    ).toEqual({ appointmentsSettings: { requestText: ' Hi {customer_name} ', reminderText: null, safeZone: 30 } });
  });
});
