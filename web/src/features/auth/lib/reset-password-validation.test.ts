import { describe, expect, it } from 'vitest';
import { validateResetPassword } from './reset-password-validation';

describe('validateResetPassword (last failing check wins)', () => {
  it('accepts a valid matching password', () => {
    expect(validateResetPassword('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
  it('reports an empty password last, so it wins over the rule and the mismatch', () => {
    expect(validateResetPassword('', '')).toBe('reset_enter_password');
    expect(validateResetPassword('', 'x')).toBe('reset_enter_password');
  });
  it('reports the rule for short, symbol-bearing or single-case passwords', () => {
    expect(validateResetPassword('Abc1', 'Abc1')).toBe('reset_password_not_valid');
    expect(validateResetPassword('Abcdefg1!', 'Abcdefg1!')).toBe('reset_password_not_valid');
    expect(validateResetPassword('abcdefg1', 'abcdefg1')).toBe('reset_password_not_valid');
    expect(validateResetPassword('ABCDEFG1', 'ABCDEFG1')).toBe('reset_password_not_valid');
    expect(validateResetPassword('Abcdefgh', 'Abcdefgh')).toBe('reset_password_not_valid');
  });
  it('lets the mismatch win over the rule', () => {
    expect(validateResetPassword('short', 'other')).toBe('reset_passwords_dont_match');
    expect(validateResetPassword('Abcdefg1', 'Abcdefg2')).toBe('reset_passwords_dont_match');
  });
});
