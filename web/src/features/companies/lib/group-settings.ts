import { ZCompanyPatchSchema, type TCompany, type TCompanyPatch } from '@cd/contracts/company';
import type { TFieldErrors } from '../hooks/use-settings-form';
import { isValidAccentColor } from './accent-color';

/** Nested company groups edited field by field (merge-patched one level deep by the server). */
export type TGroupName = 'ocs' | 'dms' | 'payment' | 'alerts' | 'appointmentsSettings' | 'customerView' | 'surveySettings' | 'realEstateSettings' | 'automotiveMessages';

export type TGroupFieldKind = 'text' | 'multiline' | 'secret' | 'phone' | 'url' | 'time' | 'number' | 'switch' | 'list' | 'select' | 'color';

export interface TGroupField {
  name: string;
  /** Catalogue key of the label. */
  label: string;
  kind: TGroupFieldKind;
  hint?: string;
  /** Catalogue key shown in view mode when unset (e.g. the default that applies). */
  emptyLabel?: string;
  /** Spans both columns of the form grid (long texts); lists always do. */
  wide?: boolean;
  /** For kind select; `''` stands for "none" (sent as null). */
  options?: readonly { value: string; label: string }[];
  /** A select whose values are numbers on the wire. */
  numeric?: boolean;
}

export type TGroupValues = Record<string, string | boolean | string[]>;

/** The form's values for a group: text-like fields as strings ('' when unset), switches as booleans, lists as arrays. */
export function groupValues(options: { company: TCompany; group: TGroupName; fields: readonly TGroupField[] }): TGroupValues {
  const stored = (options.company[options.group] ?? {}) as Record<string, unknown>;
  const out: TGroupValues = {};
  for (const f of options.fields) {
    const v = stored[f.name];
    if (f.kind === 'switch') out[f.name] = v === true;
    else if (f.kind === 'list') out[f.name] = Array.isArray(v) ? v.map(String) : [];
    else out[f.name] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

function toWire(field: Pick<TGroupField, 'kind' | 'numeric'> | undefined, value: unknown, trimText: boolean): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (s === '') return null;
  if (field && (field.kind === 'number' || field.numeric)) return Number(s);
  return trimText ? s : value;
}

/**
 * The PATCH body for the changed fields of a group: `{ [group]: { field: value } }`. Text is trimmed and an emptied
 * text becomes null (which removes the stored value); fields declared numeric go as numbers; other values as they are.
 */
export function toGroupPatch(options: {
  group: TGroupName;
  changed: Record<string, unknown>;
  fields?: readonly (Pick<TGroupField, 'name' | 'kind'> & Partial<TGroupField>)[];
  /** False keeps a message's own leading and trailing spaces (an all-blank text still becomes null). */
  trimText?: boolean;
}): TCompanyPatch {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options.changed)) {
    if (value !== undefined) body[name] = toWire(options.fields?.find((f) => f.name === name) as Pick<TGroupField, 'kind' | 'numeric'> | undefined, value, options.trimText ?? true);
  }
  return { [options.group]: body } as TCompanyPatch;
}

/** A field's error whether it came from the browser check or a 422 (which names the group: "ocs.twilioPhoneNumber"). */
export function fieldError(options: { errors: TFieldErrors; group: TGroupName; field: string }): string | undefined {
  return options.errors[options.field] ?? options.errors[`${options.group}.${options.field}`];
}

/** Checks a group patch with the same contract the server uses (plus hex colours); errors keyed `group.field`. */
export function validateGroupPatch(options: { group: TGroupName; patch: TCompanyPatch; fields?: readonly TGroupField[] }): TFieldErrors {
  const errors: TFieldErrors = {};
  const body = (options.patch as Record<string, Record<string, unknown>>)[options.group] ?? {};
  for (const f of options.fields ?? []) {
    const v = body[f.name];
    if (f.kind === 'color' && typeof v === 'string' && !isValidAccentColor(v)) errors[`${options.group}.${f.name}`] = 'accent_color_invalid';
  }
  const parsed = ZCompanyPatchSchema.safeParse(options.patch);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.slice(0, 2).join('.') || options.group] ??= issue.message;
  return errors;
}
