/**
 * Catalogue key for a validation message of a customer field (zod defaults and server violations are English
 * sentences; the catalogue has keys for the ones users meet).
 */
export function fieldMessageKey(field: string, message: string, code?: string): string {
  if (message === 'This phone number is not valid.' || (field === 'phone' && /valid/i.test(message))) return 'phone_invalid';
  if (/unique|already (exists|used|taken)/i.test(message) || code === 'phone_not_unique' || code === 'not_unique') return field === 'phone' ? 'phone_not_unique' : message;
  if (field === 'email' || field.endsWith('.email')) return 'email_invalid';
  if (/too (big|long)|at most|<=/i.test(message)) return 'value_too_long';
  if (/required/i.test(message)) return 'field_required';
  return message;
}
