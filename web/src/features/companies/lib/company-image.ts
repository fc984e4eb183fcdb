import { ApiError } from '../../../lib/api-client';

/** Hero and logo of the customer page (spec part 2 §5/§9): JPEG or PNG, strictly under 5,000,000 bytes. */
export const COMPANY_IMAGE_FIELDS = ['heroMobile', 'logoMobile'] as const;
export type TCompanyImageField = (typeof COMPANY_IMAGE_FIELDS)[number];
export const COMPANY_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const COMPANY_IMAGE_MAX_BYTES = 5_000_000;
export const COMPANY_IMAGE_ACCEPT = COMPANY_IMAGE_TYPES.join(',');

export type TImageProblem = 'file_type_not_accepted' | 'file_size_too_big';

/** Why a picked file cannot be a hero/logo, or null when it can (checked before any upload). */
export function checkCompanyImage(file: { type: string; size: number }): TImageProblem | null {
  if (!(COMPANY_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'file_type_not_accepted';
  if (file.size >= COMPANY_IMAGE_MAX_BYTES) return 'file_size_too_big';
  return null;
}

/**
 * The toast for a failed upload (spec part 2 §8): the server's detail, else its message, else "unknown_error".
 * A trailing catalogue key (e.g. "logo.png: file_size_too_big") is translated.
 */
export function uploadErrorMessage(error: unknown, translate: (key: string) => string): string {
  const body = error instanceof ApiError ? (error.body as Record<string, unknown> | null) : null;
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const raw = pick(body?.detail) ?? pick(body?.message) ?? (error instanceof ApiError ? null : pick((error as Error | null)?.message));
  if (!raw) return translate('unknown_error');
  // The server prefixes the field ("file: logo.png: file_size_too_big"); the user only needs the file and the reason.
  const text = raw.replace(/^file: /, '');
  return text.replace(/\b(file_size_too_big)$/, (key) => translate(key));
}
