import type { TCompanyPatch } from '@cd/contracts/company';

type TGroup = 'customerView' | 'surveySettings' | 'realEstateSettings';

/**
 * The PATCH body for a form over one nested settings group: only the changed keys of that group (the server merges
 * groups one level deep). Text is trimmed and an emptied text becomes null, which removes the stored value.
 */
export function toGroupPatch(options: { group: TGroup; changed: Record<string, unknown> }): TCompanyPatch {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options.changed)) {
    if (typeof value !== 'string') {
      out[key] = value;
      continue;
    }
    const trimmed = value.trim();
    out[key] = trimmed === '' ? null : trimmed;
  }
  return { [options.group]: out } as TCompanyPatch;
}

/** Field errors keyed by the form's own field names, whether they came from the browser check or a 422 (which names
 * the group: "customerView.termsOfService"). */
export function fieldError(options: { errors: Record<string, string>; group: TGroup; field: string }): string | undefined {
  return options.errors[options.field] ?? options.errors[`${options.group}.${options.field}`];
}
