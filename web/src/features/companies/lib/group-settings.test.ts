import { describe, expect, it } from 'vitest';
import type { TCompany } from '@cd/contracts/company';
import { groupValues, toGroupPatch, validateGroupPatch, type TGroupField } from './group-settings';

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

  it('sends only the changed keys, trimmed, with emptied text as null and numbers as numbers', () => {
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

  it('reports contract violations under group.field', () => {
    const errors = validateGroupPatch({ group: 'ocs', patch: { ocs: { twilioPhoneNumber: 'not a phone' } } });
    expect(errors['ocs.twilioPhoneNumber']).toBe('This phone number is not valid.');
    expect(validateGroupPatch({ group: 'ocs', patch: { ocs: { twilioPhoneNumber: '+15551234567' } } })).toEqual({});
  });
});
