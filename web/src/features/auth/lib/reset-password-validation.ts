import { isValidResetPassword } from '@cd/contracts/validators';

export type TResetPasswordError = 'reset_enter_password' | 'reset_password_not_valid' | 'reset_passwords_dont_match';

/**
 * Spec part 1 §5 lists the rule, then the mismatch, then the empty check, and the LAST failing one wins:
 * an empty password reports "enter your password.", a mismatch beats a weak password.
 */
export function validateResetPassword(password: string, confirmPassword: string): TResetPasswordError | null {
  let error: TResetPasswordError | null = null;
  if (!isValidResetPassword(password)) error = 'reset_password_not_valid';
  if (password !== confirmPassword) error = 'reset_passwords_dont_match';
  if (password === '') error = 'reset_enter_password';
  return error;
}
