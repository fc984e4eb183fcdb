import { ZHoursSchema, type THours } from '@cd/contracts/company';

/** Validates working hours with the server's own schema (contracts ZHoursSchema: end after start, no overlaps, at
 * least one working day) and keys each message by the propertyPath the server's 422 would use, e.g.
 * `hours.monday.intervals.1.endsAt`, `hours.monday.intervals` (overlap) or `hours` (no working day). */
export function validateHours(hours: THours): Record<string, string> {
  const result = ZHoursSchema.safeParse(hours);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = ['hours', ...issue.path.map(String)].join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
