import { ZCompanyPatchSchema, type TCompany, type TCompanyPatch } from '@cd/contracts/company';
import type { TFieldErrors } from '../hooks/use-settings-form';

/** Nested company groups edited field by field (merge-patched one level deep by the server). */
export type TGroupName = 'ocs' | 'dms' | 'payment' | 'alerts' | 'appointmentsSettings';

export type TGroupFieldKind = 'text' | 'multiline' | 'secret' | 'phone' | 'url' | 'time' | 'number' | 'switch' | 'list' | 'select';

export interface TGroupField {
  name: string;
  /** Catalogue key of the label. */
  label: string;
  kind: TGroupFieldKind;
  hint?: string;
  /** Catalogue key shown in view mode when unset (e.g. the default that applies). */
  emptyLabel?: string;
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

function toWire(field: TGroupField, value: TGroupValues[string]): unknown {
  if (field.kind === 'switch' || field.kind === 'list') return value;
  const s = String(value).trim();
  if (s === '') return null;
  if (field.kind === 'number' || field.numeric) return Number(s);
  return s;
}

/** The PATCH body for the changed fields of a group: `{ [group]: { field: value } }`, emptied text as null. */
export function toGroupPatch(options: { group: TGroupName; fields: readonly TGroupField[]; changed: Partial<TGroupValues> }): TCompanyPatch {
  const body: Record<string, unknown> = {};
  for (const f of options.fields) {
    const value = options.changed[f.name];
    if (value !== undefined) body[f.name] = toWire(f, value);
  }
  return { [options.group]: body } as TCompanyPatch;
}

export const fieldErrorKey = (group: TGroupName, name: string) => `${group}.${name}`;

/** Checks a group patch with the same contract the server uses; errors keyed `group.field`. */
export function validateGroupPatch(options: { group: TGroupName; patch: TCompanyPatch }): TFieldErrors {
  const parsed = ZCompanyPatchSchema.safeParse(options.patch);
  const errors: TFieldErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.slice(0, 2).join('.') || options.group] ??= issue.message;
  return errors;
}
