import { useTranslation } from 'react-i18next';
import { describeTextError, errorAt } from '../lib/automated-text-errors';
import type { TFieldErrors } from './use-settings-form';

/** Translates a settings form's error at a path (or one of its list items); `text` names the modifier a text lacks. */
export function useFieldError(errors: TFieldErrors) {
  const { t } = useTranslation();
  return (path: string, text?: string | null): string | undefined => {
    const found = errorAt(errors, path);
    if (!found) return undefined;
    const { key, values } = describeTextError({ path: found.path, message: found.message, text });
    return t(key, { ...values, defaultValue: found.message });
  };
}
