import { ZVacationCreateSchema, type TVacation } from '@cd/contracts/appointment';

export type TVacationField = 'user' | 'from' | 'to' | 'note';
export type TVacationErrors = Partial<Record<TVacationField | 'general', string>>;

export interface TVacationFormValues {
  /** User id as the select holds it ('' when none chosen). */
  user: string;
  from: string;
  to: string;
  note: string;
}

const VACATION_MESSAGE_KEYS: Record<string, string> = {
  'The last day cannot be before the first.': 'schedule_vacation_to_before_from',
  'A vacation lasts at most a year.': 'schedule_vacation_too_long',
  'Expected a date YYYY-MM-DD.': 'schedule_vacation_day_required',
  'This date does not exist.': 'schedule_vacation_day_invalid',
  'User not found.': 'schedule_user_not_found',
  'This user is disabled.': 'schedule_user_disabled',
};

/** A contract or server message → its catalogue key; "already on vacation from … to …" keeps its days. */
export function vacationMessageKey(message: string): string {
  if (message.startsWith('This user is already on vacation')) return message;
  return VACATION_MESSAGE_KEYS[message] ?? message;
}

export function toVacationFormValues(vacation: TVacation | null, defaults: { user?: number; day: string }): TVacationFormValues {
  if (vacation) return { user: vacation.user.replace(/^\/api\/users\//, ''), from: vacation.from, to: vacation.to, note: vacation.note };
  return { user: defaults.user ? String(defaults.user) : '', from: defaults.day, to: defaults.day, note: '' };
}

/** Checks the form with the server's own schema (contracts ZVacationCreateSchema); the body when valid. */
export function parseVacationForm(values: TVacationFormValues): {
  errors: TVacationErrors;
  body: { userId: number; from: string; to: string; note: string } | null;
} {
  const errors: TVacationErrors = {};
  if (!values.user) errors.user = 'schedule_user_required';
  const parsed = ZVacationCreateSchema.safeParse({ user: values.user ? Number(values.user) : 1, from: values.from, to: values.to, note: values.note });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'general') as TVacationField | 'general';
      errors[field] ??= vacationMessageKey(issue.message);
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { errors, body: null };
  return { errors, body: { userId: Number(values.user), from: parsed.data.from, to: parsed.data.to, note: parsed.data.note ?? '' } };
}

/** Days off a vacation counts, first and last included. */
export function vacationLength(vacation: { from: string; to: string }): number {
  return Math.round((Date.parse(`${vacation.to}T00:00:00Z`) - Date.parse(`${vacation.from}T00:00:00Z`)) / 86_400_000) + 1;
}
