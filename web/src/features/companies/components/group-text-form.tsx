import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TCompany } from '@cd/contracts/company';
import { useSettingsForm, type TFieldErrors } from '../hooks/use-settings-form';
import { isHexColor, toColorInputValue } from '../lib/accent-color';
import { settingsMessageKey } from '../lib/company-choices';
import { fieldError, toGroupPatch } from '../lib/group-patch';
import { SettingsSection } from './settings-section';

type TGroup = 'customerView' | 'realEstateSettings';

export interface TGroupField {
  name: string;
  kind?: 'text' | 'multiline' | 'url' | 'color';
  /** Full width in the two-column grid (long texts). */
  wide?: boolean;
}

interface TProps {
  company: TCompany;
  group: TGroup;
  /** The group's contracts schema: the browser checks the patch the way the server will. */
  schema: z.ZodType;
  fields: readonly TGroupField[];
  title: string;
  testId: string;
  /** Catalogue key of a field's label: `${labelPrefix}${name}`. */
  labelPrefix: string;
  keepEditingAfterSave?: boolean;
  /** Shown under the title in both modes. */
  intro?: ReactNode;
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** A settings form over text fields of one nested group (customer-view texts, real-estate page texts). */
export function GroupTextForm({ company, group, schema, fields, title, testId, labelPrefix, keepEditingAfterSave, intro }: TProps) {
  const { t } = useTranslation();
  const toValues = (c: TCompany) => {
    const stored = (c[group] ?? {}) as Record<string, unknown>;
    return Object.fromEntries(fields.map((f) => [f.name, textOf(stored[f.name])])) as Record<string, string>;
  };
  const validate = (values: Record<string, string>): TFieldErrors => {
    const errors: TFieldErrors = {};
    for (const f of fields) {
      if (f.kind === 'color' && values[f.name]!.trim() && !isHexColor(values[f.name]!)) errors[f.name] = 'accent_color_invalid';
    }
    const patch = toGroupPatch({ group, changed: values })[group] as Record<string, unknown>;
    const parsed = schema.safeParse(Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null)));
    if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return errors;
  };
  const form = useSettingsForm({
    company,
    toValues,
    validate,
    toPatch: (changed) => toGroupPatch({ group, changed }),
    keepEditingAfterSave,
  });
  const stored = toValues(company);
  const message = (field: string) => {
    const m = fieldError({ errors: form.errors, group, field });
    return m ? t(settingsMessageKey({ path: field, message: m }), { defaultValue: m }) : undefined;
  };
  const set = (name: string, value: string) => form.setValues({ ...form.values, [name]: value });

  return (
    <SettingsSection
      title={title}
      testId={testId}
      editing={form.editing}
      saving={form.saving}
      onEdit={form.startEdit}
      onSave={form.save}
      onCancel={form.cancel}
    >
      {intro}
      {!form.editing ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}>
          {fields.map((f) => {
            const value = stored[f.name]!;
            return (
              <Box key={f.name} sx={{ minWidth: 0, gridColumn: f.wide ? { sm: '1 / -1' } : undefined }} data-testid={`${testId}-view-${f.name}`}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {t(`${labelPrefix}${f.name}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {!value ? (
                    <Box component="span" sx={{ color: 'text.disabled' }}>
                      —
                    </Box>
                  ) : f.kind === 'url' ? (
                    <Link href={value} target="_blank" rel="noopener noreferrer">
                      {value}
                    </Link>
                  ) : f.kind === 'color' ? (
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                      <Box
                        component="span"
                        sx={{ width: 18, height: 18, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: isHexColor(value) ? value : 'transparent' }}
                      />
                      {value}
                    </Box>
                  ) : (
                    value
                  )}
                </Typography>
              </Box>
            );
          })}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {fields.map((f) => {
            const value = form.values[f.name] ?? '';
            const error = message(f.name);
            return (
              <TextField
                key={f.name}
                label={t(`${labelPrefix}${f.name}`)}
                size="small"
                value={value}
                multiline={f.kind === 'multiline'}
                minRows={f.kind === 'multiline' ? 2 : undefined}
                type={f.kind === 'url' ? 'url' : 'text'}
                onChange={(e) => set(f.name, e.target.value)}
                error={!!error}
                helperText={error ?? (f.kind === 'color' ? t('accent_color_hint') : f.kind === 'url' ? t('url_hint') : undefined)}
                sx={{ gridColumn: f.wide ? { sm: '1 / -1' } : undefined }}
                slotProps={{
                  htmlInput: { 'data-testid': `${testId}-field-${f.name}`, ...(f.kind === 'color' ? { maxLength: 7, placeholder: '#1a73e8' } : {}) },
                  input:
                    f.kind === 'color'
                      ? {
                          startAdornment: (
                            <InputAdornment position="start">
                              {/* A swatch over an invisible native picker: an empty value shows "none" (a slash), not black. */}
                              <Box
                                component="label"
                                title={t('accent_color_pick')}
                                sx={{
                                  position: 'relative',
                                  width: 24,
                                  height: 24,
                                  borderRadius: 0.5,
                                  border: 1,
                                  borderColor: 'divider',
                                  cursor: 'pointer',
                                  bgcolor: isHexColor(value) ? value.trim() : 'transparent',
                                  backgroundImage: (theme) =>
                                    isHexColor(value)
                                      ? 'none'
                                      : `linear-gradient(135deg, transparent 46%, ${theme.palette.error.main} 46%, ${theme.palette.error.main} 54%, transparent 54%)`,
                                }}
                              >
                                <Box
                                  component="input"
                                  type="color"
                                  aria-label={t('accent_color_pick')}
                                  value={toColorInputValue(value)}
                                  onChange={(e: React.ChangeEvent<HTMLInputElement>) => set(f.name, e.target.value)}
                                  data-testid={`${testId}-color-${f.name}`}
                                  sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', p: 0, border: 0, opacity: 0, cursor: 'pointer' }}
                                />
                              </Box>
                            </InputAdornment>
                          ),
                        }
                      : undefined,
                }}
              />
            );
          })}
        </Box>
      )}
    </SettingsSection>
  );
}
