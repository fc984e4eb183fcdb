import { isValidResetPassword } from '@cd/contracts/validators';

export type TResetPasswordError = 'reset_enter_password' | 'reset_password_not_valid' | 'reset_passwords_dont_match';

/**
 * Spec part 1 §5: every check runs and the LAST failing one wins (empty, then the rule, then the mismatch).
 * So an empty password with an empty confirmation reports the rule, exactly as the original product did.
 */
export function validateResetPassword(password: string, confirmPassword: string): TResetPasswordError | null {
  let error: TResetPasswordError | null = null;
  if (password === '') error = 'reset_enter_password';
  if (!isValidResetPassword(password)) error = 'reset_password_not_valid';
  if (password !== confirmPassword) error = 'reset_passwords_dont_match';
  return error;
}
