import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SECRET_MASK, type TCompany } from '@cd/contracts/company';
import { useSettingsForm } from '../hooks/use-settings-form';
import { settingsMessageKey } from '../lib/company-choices';
import {
  fieldError,
  groupValues,
  toGroupPatch,
  validateGroupPatch,
  type TGroupField,
  type TGroupName,
  type TGroupValues,
} from '../lib/group-settings';
import { ChipListInput } from './chip-list-input';
import { ColorSwatchValue, ColorTextField } from './color-text-field';
import { SettingsSection } from './settings-section';
import { SettingsValue } from './settings-value';
import { NumericInput } from '../../../components/ui/numeric-input';

interface TProps {
  company: TCompany;
  group: TGroupName;
  fields: readonly TGroupField[];
  title: string;
  testId: string;
  /** Fields the viewer may not change (shown disabled with a hint); the server refuses them too. */
  lockedFields?: readonly string[];
  canEdit?: boolean;
  intro?: ReactNode;
  /** Shown under the fields in both modes (e.g. webhook addresses). */
  footer?: ReactNode;
  /** Hides a field for the current values (e.g. DMS vendor fields follow the chosen type). */
  isVisible?: (field: TGroupField, values: TGroupValues) => boolean;
  /** Spec part 2 §4: some forms (customer-view survey) stay in edit mode after saving. */
  keepEditingAfterSave?: boolean;
}

/**
 * One settings form over the fields of a nested company group (ocs, dms, payment, alerts…): view mode lists the
 * stored values (secrets as their mask), edit mode renders an input per field kind. Only changed keys are sent, as a
 * merge-patch of the group; an emptied text becomes null (removed). A secret left as its mask is never sent.
 */
export function GroupSettingsForm({ company, group, fields, title, testId, lockedFields = [], canEdit = true, intro, footer, isVisible, keepEditingAfterSave }: TProps) {
  const { t } = useTranslation();
  const form = useSettingsForm({
    company,
    toValues: (c) => groupValues({ company: c, group, fields }),
    validate: (values) => validateGroupPatch({ group, fields, patch: toGroupPatch({ group, fields, changed: values }) }),
    toPatch: (changed) => toGroupPatch({ group, fields, changed }),
    keepEditingAfterSave,
  });
  const v = form.values;
  const shown = fields.filter((f) => !isVisible || isVisible(f, v));
  const message = (name: string) => {
    const m = fieldError({ errors: form.errors, group, field: name });
    return m ? t(settingsMessageKey({ path: name, message: m }), { defaultValue: m }) : undefined;
  };
  const set = (name: string, value: TGroupValues[string]) => form.setValues({ ...v, [name]: value });
  const locked = (name: string) => lockedFields.includes(name);

  return (
    <SettingsSection
      title={title}
      testId={testId}
      form={form}
      canEdit={canEdit}
    >
      {intro}
      {!form.editing ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {shown.map((f) => (
            <Box key={f.name} sx={{ minWidth: 0, gridColumn: isWide(f) ? { sm: '1 / -1' } : undefined }}>
              <SettingsValue label={t(f.label)} value={viewValue({ field: f, value: v[f.name] ?? '', t })} testId={`${testId}-view-${f.name}`} />
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
          {shown.map((f) => {
            const err = message(f.name);
            const hint = err ?? (locked(f.name) ? t('super_admin_only') : f.hint ? t(f.hint) : undefined);
            const common = {
              label: t(f.label),
              size: 'small' as const,
              disabled: locked(f.name),
              error: !!err,
              helperText: hint,
            };
            const full = { gridColumn: isWide(f) ? { sm: '1 / -1' } : undefined };
            if (f.kind === 'switch')
              return (
                <Box key={f.name} sx={{ gridColumn: '1 / -1' }}>
                  <FormControlLabel
                    label={t(f.label)}
                    disabled={locked(f.name)}
                    control={
                      <Switch
                        checked={v[f.name] === true}
                        onChange={(_e, checked) => set(f.name, checked)}
                        slotProps={{ input: { 'data-testid': `${testId}-field-${f.name}` } as object }}
                      />
                    }
                  />
                  {hint && (
                    <Typography variant="caption" color={err ? 'error' : 'text.secondary'} sx={{ display: 'block', ml: 6 }}>
                      {hint}
                    </Typography>
                  )}
                </Box>
              );
            if (f.kind === 'list')
              return (
                <Box key={f.name} sx={full}>
                  <ChipListInput
                    label={t(f.label)}
                    value={v[f.name] as string[]}
                    onChange={(next) => set(f.name, next)}
                    disabled={locked(f.name)}
                    error={err}
                    hint={hint ?? t('list_input_hint')}
                    testId={`${testId}-field-${f.name}`}
                  />
                </Box>
              );
            if (f.kind === 'select')
              return (
                <TextField
                  key={f.name}
                  select
                  {...common}
                  value={v[f.name] as string}
                  onChange={(e) => set(f.name, e.target.value)}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-field-${f.name}` } }}
                >
                  {(f.options ?? []).map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {t(o.label)}
                    </MenuItem>
                  ))}
                </TextField>
              );
            if (f.kind === 'color')
              return (
                <ColorTextField
                  key={f.name}
                  {...common}
                  helperText={hint ?? t('accent_color_hint')}
                  value={v[f.name] as string}
                  onChange={(next) => set(f.name, next)}
                  testId={`${testId}-field-${f.name}`}
                />
              );
            if (f.kind === 'number')
              return (
                <NumericInput
                  key={f.name}
                  {...common}
                  sx={full}
                  value={v[f.name] as string}
                  onChange={(next) => set(f.name, next)}
                  testId={`${testId}-field-${f.name}`}
                />
              );
            const secret = f.kind === 'secret';
            return (
              <TextField
                key={f.name}
                {...common}
                sx={full}
                multiline={f.kind === 'multiline'}
                minRows={f.kind === 'multiline' ? 2 : undefined}
                type={f.kind === 'time' ? 'time' : f.kind === 'phone' ? 'tel' : f.kind === 'url' ? 'url' : 'text'}
                value={v[f.name] as string}
                onChange={(e) => set(f.name, e.target.value)}
                // A stored secret shows its mask; focusing selects it so typing replaces it in one go.
                onFocus={secret ? (e) => (e.target as HTMLInputElement).value.startsWith(SECRET_MASK) && (e.target as HTMLInputElement).select() : undefined}
                helperText={hint ?? (secret && (v[f.name] as string).startsWith(SECRET_MASK) ? t('secret_stored_hint') : f.kind === 'url' ? t('url_hint') : undefined)}
                autoComplete={secret ? 'off' : undefined}
                slotProps={{
                  inputLabel: f.kind === 'time' ? { shrink: true } : undefined,
                  htmlInput: { 'data-testid': `${testId}-field-${f.name}`, spellCheck: secret ? false : undefined },
                }}
              />
            );
          })}
        </Box>
      )}
      {footer}
    </SettingsSection>
  );
}

const isWide = (f: TGroupField) => f.wide ?? f.kind === 'list';

/** A stored value as read in view mode; null when unset (shown as a dash) unless the field names its default. */
function viewValue(options: { field: TGroupField; value: TGroupValues[string]; t: TFunction }): ReactNode {
  const { field, value, t } = options;
  if (field.kind === 'switch') return value ? t('on') : t('off');
  if (Array.isArray(value)) return value.length ? value.join(', ') : null;
  if (value === '') return field.emptyLabel ? t(field.emptyLabel) : null;
  if (field.kind === 'color') return <ColorSwatchValue value={String(value)} />;
  if (field.kind === 'url')
    return (
      <Link href={String(value)} target="_blank" rel="noopener noreferrer">
        {String(value)}
      </Link>
    );
  if (field.kind === 'select') {
    const o = field.options?.find((x) => x.value === value);
    return o ? t(o.label) : String(value);
  }
  return String(value);
}
