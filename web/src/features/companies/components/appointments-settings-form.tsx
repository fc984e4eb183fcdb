import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { TCompany, TCompanyPatch } from '@cd/contracts/company';
import { useCanEditSettings } from '../hooks/use-can-edit-settings';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm, type TFieldErrors } from '../hooks/use-settings-form';
import { validateAutomatedTexts } from '../lib/automated-text-errors';
import { APPOINTMENT_NUMBER_LIMITS, validateWholeNumber } from '../lib/settings-numbers';
import { ModifierTextField } from './modifier-text-field';
import { SettingsGroup } from './settings-group';
import { toGroupPatch } from '../lib/group-settings';
import { SettingsSection } from './settings-section';
import { SettingsValue } from './settings-value';
import { NumericInput } from '../../../components/ui/numeric-input';

const G = 'appointmentsSettings';
const TEXTS = ['requestText', 'confirmationText', 'denialText', 'cancellationText', 'reminderText'] as const;
type TText = (typeof TEXTS)[number];
const NUMBERS = ['safeZone', 'granularity', 'daysBefore'] as const;
type TNumber = (typeof NUMBERS)[number];

const toValues = (c: TCompany) => {
  const s = c.appointmentsSettings;
  return {
    acceptNewAppointments: s.acceptNewAppointments ?? false,
    safeZone: s.safeZone === undefined ? '' : String(s.safeZone),
    granularity: s.granularity === undefined ? '' : String(s.granularity),
    sendReminder: s.sendReminder ?? false,
    daysBefore: s.daysBefore === undefined ? '' : String(s.daysBefore),
    ...(Object.fromEntries(TEXTS.map((k) => [k, s[k] ?? ''])) as Record<TText, string>),
  };
};
type TValues = ReturnType<typeof toValues>;

function validate(v: TValues): TFieldErrors {
  const errors = validateAutomatedTexts(Object.fromEntries(TEXTS.map((k) => [`${G}.${k}`, v[k]])));
  // Booking needs its grid and safe zone, and a reminder its days; otherwise they may stay unset.
  const required: Record<TNumber, boolean> = { granularity: v.acceptNewAppointments, safeZone: v.acceptNewAppointments, daysBefore: v.sendReminder };
  for (const key of NUMBERS) {
    if (key === 'daysBefore' && !v.sendReminder) continue;
    const message = validateWholeNumber({ value: v[key], ...APPOINTMENT_NUMBER_LIMITS[key], required: required[key] });
    if (message) errors[`${G}.${key}`] = message;
  }
  return errors;
}

/** Numbers go out as numbers (spec part 2 §5: safeZone and granularity are converted); cleared texts are removed. A
 * hidden, empty days-before (reminder off) is left as stored. */
function toPatch(changed: Partial<TValues>): TCompanyPatch {
  const isNumber = (key: string) => (NUMBERS as readonly string[]).includes(key);
  const kept = Object.fromEntries(Object.entries(changed).filter(([key, value]) => !(isNumber(key) && value === '')));
  return toGroupPatch({ group: G, changed: kept, fields: NUMBERS.map((name) => ({ name, kind: 'number' as const })), trimText: false });
}

/** appointments (appointments module): whether requests are accepted, the booking grid, the reminder and the texts. */
export function AppointmentsSettingsForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const canEdit = useCanEditSettings();
  const form = useSettingsForm({ company, toValues, validate, toPatch });
  const error = useFieldError(form.errors);
  const v = form.editing ? form.values : toValues(company);
  const set = (patch: Partial<TValues>) => form.setValues({ ...v, ...patch });

  const toggle = (key: 'acceptNewAppointments' | 'sendReminder') =>
    form.editing ? (
      <FormControlLabel
        control={<Switch checked={v[key]} onChange={(e) => set({ [key]: e.target.checked })} slotProps={{ input: { 'data-testid': `field-${G}.${key}` } as object }} />}
        label={t(`appointments_${key}`)}
      />
    ) : (
      <SettingsValue label={t(`appointments_${key}`)} value={v[key] ? t('yes') : t('no')} />
    );

  const number = (key: TNumber) => {
    const unit = key === 'daysBefore' ? 'days_count' : 'minutes_count';
    if (!form.editing) return <SettingsValue label={t(`appointments_${key}`)} value={v[key] === '' ? '' : t(unit, { count: Number(v[key]) })} />;
    const { min, max } = APPOINTMENT_NUMBER_LIMITS[key];
    const path = `${G}.${key}`;
    const problem = form.errors[path] === 'number_out_of_range' ? t('number_out_of_range', { min, max }) : error(path);
    return (
      <NumericInput
        fullWidth
        size="small"
        label={t(`appointments_${key}`)}
        value={v[key]}
        onChange={(value) => set({ [key]: value })}
        error={!!problem}
        helperText={problem ?? t(`appointments_${key}_hint`, { min, max })}
        testId={`field-${G}.${key}`}
      />
    );
  };

  const text = (key: TText) => (
    <ModifierTextField
      key={key}
      path={`${G}.${key}`}
      label={t(`appointments_${key}`)}
      value={v[key]}
      onChange={(value) => set({ [key]: value })}
      editing={form.editing}
      error={error(`${G}.${key}`, v[key])}
    />
  );

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <SettingsSection
        title={t('appointments_settings')}
        testId="appointments-settings"
        form={form}
        canEdit={canEdit}
        error={form.errors[G] ? error(G) : undefined}
      >
        <SettingsGroup title={t('appointments_group_booking')}>
          {toggle('acceptNewAppointments')}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {number('granularity')}
            {number('safeZone')}
          </Box>
        </SettingsGroup>
        <SettingsGroup title={t('appointments_group_reminder')}>
          {toggle('sendReminder')}
          {v.sendReminder && <Box sx={{ maxWidth: { sm: 'calc(50% - 8px)' } }}>{number('daysBefore')}</Box>}
          {text('reminderText')}
        </SettingsGroup>
        <SettingsGroup title={t('appointments_group_texts')}>
          {text('requestText')}
          {text('confirmationText')}
          {text('denialText')}
          {text('cancellationText')}
        </SettingsGroup>
      </SettingsSection>
    </Box>
  );
}
