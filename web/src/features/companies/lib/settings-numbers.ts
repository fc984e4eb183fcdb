/** Bounds of the appointment settings' numbers, as the contracts schema has them (minutes, minutes, days). */
export const APPOINTMENT_NUMBER_LIMITS = {
  safeZone: { min: 0, max: 1440 },
  granularity: { min: 5, max: 480 },
  daysBefore: { min: 0, max: 60 },
} as const;

/** Catalogue key of a whole-number field's problem, or null (an empty optional field is no problem). */
export function validateWholeNumber(options: { value: string; min: number; max: number; required?: boolean }): string | null {
  const value = options.value.trim();
  if (value === '') return options.required ? 'number_required' : null;
  if (!/^\d+$/.test(value)) return 'number_whole';
  const n = Number(value);
  return n < options.min || n > options.max ? 'number_out_of_range' : null;
}
