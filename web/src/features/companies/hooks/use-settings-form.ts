import { useState } from 'react';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import type { TCompany, TCompanyPatch } from '@cd/contracts/company';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useUpdateCompany } from '../api/update-company';
import { getChangedFields } from '../lib/changed-fields';

export type TFieldErrors = Record<string, string>;

/**
 * The settings tabs' form pattern (spec part 2 §4/§8): view mode → Edit → Save/Cancel. Save with nothing changed
 * warns "no changes" and makes no call; Cancel restores the original values; a 422's violations land on the fields
 * (keyed by propertyPath); success toasts "success" and returns to view mode.
 */
export function useSettingsForm<T extends Record<string, unknown>>(options: {
  company: TCompany;
  toValues: (company: TCompany) => T;
  /** Browser-side check run before the call; returns field errors (empty = valid). */
  validate?: (values: T) => TFieldErrors;
  /** Turns the changed fields into the PATCH body (e.g. trimming); identity by default. */
  toPatch?: (changed: Partial<T>) => TCompanyPatch;
  /** An asynchronous check after validation (e.g. provider credentials); false aborts the save with no PATCH. */
  beforeSave?: (input: { changed: Partial<T>; values: T }) => Promise<boolean>;
  /** Spec part 2 §4: some forms (customer-view survey) stay in edit mode after a successful save. */
  keepEditingAfterSave?: boolean;
}) {
  const { company, toValues, validate, toPatch = (c) => c as TCompanyPatch, beforeSave, keepEditingAfterSave = false } = options;
  const { t } = useTranslation();
  const update = useUpdateCompany();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<T>(() => toValues(company));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [checking, setChecking] = useState(false);

  const startEdit = () => {
    setValues(toValues(company));
    setErrors({});
    setEditing(true);
  };

  const cancel = () => {
    setValues(toValues(company));
    setErrors({});
    setEditing(false);
  };

  const save = async () => {
    const changed = getChangedFields({ original: toValues(company), current: values });
    if (Object.keys(changed).length === 0) {
      toast.warning(t('no_changes'));
      return;
    }
    const found = validate?.(values) ?? {};
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (beforeSave) {
      setChecking(true);
      const ok = await beforeSave({ changed, values }).catch(() => false);
      setChecking(false);
      if (!ok) return;
    }
    update.mutate(
      { id: company.id, patch: toPatch(changed) },
      {
        onSuccess: (saved) => {
          toastSuccess(t('success'));
          setValues(toValues(saved));
          setEditing(keepEditingAfterSave);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 422) return;
          const next: TFieldErrors = {};
          for (const v of error.violations) next[v.propertyPath || ''] ??= v.message;
          setErrors(next);
          if (error.violations.length === 0) toast.error(error.message);
        },
      },
    );
  };

  return { editing, values, setValues, errors, startEdit, cancel, save, saving: update.isPending || checking };
}
