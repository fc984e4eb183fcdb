import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TCompany, TCompanyPatch } from '@cd/contracts/company';
import { isValidPhone } from '@cd/contracts/validators';
import { z } from 'zod';
import { formatPhone } from '../../../lib/format';
import { useCanEditSettings } from '../hooks/use-can-edit-settings';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm, type TFieldErrors } from '../hooks/use-settings-form';
import { validateAutomatedTexts } from '../lib/automated-text-errors';
import { ChipListInput } from './chip-list-input';
import { ModifierTextField } from './modifier-text-field';
import { SettingsGroup as Group } from './settings-group';
import { toGroupPatch } from '../lib/group-settings';
import { SettingsSection } from './settings-section';
import { SettingsValue } from './settings-value';
import { NumericInput } from '../../../components/ui/numeric-input';

/** Choices of spec part 2 §9; 0 means disabled. */
const MINUTES_PRIOR_CHOICES = [0, 15, 30, 45, 60] as const;
const STATUS_HOURS_CHOICES = [0, 6, 24, 48, 72] as const;
const G = 'automotiveMessages';

const TEXTS = [
  'repairOrderStatusUrl',
  'repairOrderStatusUpdate',
  'repairOrderLineApproval',
  'vehicleReady',
  'vehicleReadyNotifyPriorToArrivalText',
  'vehicleAppraisalText',
  'statementOfAccountText',
] as const;
type TText = (typeof TEXTS)[number];

const toValues = (c: TCompany) => {
  const m = c.automotiveMessages;
  return {
    ...(Object.fromEntries(TEXTS.map((k) => [k, m[k] ?? ''])) as Record<TText, string>),
    vehicleReadyNotifyMinutesPriorToArrival: (m.vehicleReadyNotifyMinutesPriorToArrival ?? 0) as number,
    repairOrderStatusMessageHoursAfter: (m.repairOrderStatusMessageHoursAfter ?? 0) as number,
    vehicleAppraisalAutomatedEnabled: m.vehicleAppraisalAutomatedEnabled ?? false,
    vehicleAppraisalCooldownDays: String(m.vehicleAppraisalCooldownDays ?? 0),
    vehicleAppraisalNotificationEmails: m.vehicleAppraisalNotificationEmails ?? [],
    vehicleAppraisalNotificationSms: m.vehicleAppraisalNotificationSms ?? [],
  };
};
type TValues = ReturnType<typeof toValues>;

const isEmail = (s: string) => z.email().safeParse(s).success;

function validate(v: TValues): TFieldErrors {
  const errors = validateAutomatedTexts(Object.fromEntries(TEXTS.map((k) => [`${G}.${k}`, v[k]])));
  const days = Number(v.vehicleAppraisalCooldownDays);
  if (!/^\d+$/.test(v.vehicleAppraisalCooldownDays.trim()) || days > 3650) errors[`${G}.vehicleAppraisalCooldownDays`] = 'cooldown_days_invalid';
  const badEmail = v.vehicleAppraisalNotificationEmails.findIndex((e) => !isEmail(e));
  if (badEmail >= 0) errors[`${G}.vehicleAppraisalNotificationEmails.${badEmail}`] = 'email_invalid';
  const badPhone = v.vehicleAppraisalNotificationSms.findIndex((p) => !isValidPhone(p));
  if (badPhone >= 0) errors[`${G}.vehicleAppraisalNotificationSms.${badPhone}`] = 'phone_invalid';
  return errors;
}

/** Only the changed keys of the group go out (the server merges them); cleared texts are removed. */
function toPatch(changed: Partial<TValues>): TCompanyPatch {
  return toGroupPatch({ group: G, changed, fields: [{ name: 'vehicleAppraisalCooldownDays', kind: 'number' }], trimText: false });
}

/** automated_messages → automotive: repair order, approval, vehicle-ready, appraisal and statement texts with their timing. */
export function AutomotiveMessagesForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const canEdit = useCanEditSettings();
  const form = useSettingsForm({ company, toValues, validate, toPatch });
  const error = useFieldError(form.errors);
  const v = form.editing ? form.values : toValues(company);
  const set = (patch: Partial<TValues>) => form.setValues({ ...v, ...patch });
  const text = (key: TText, minRows = 2) => (
    <ModifierTextField
      path={`${G}.${key}`}
      label={t(`automotive_${key}`)}
      value={v[key]}
      onChange={(value) => set({ [key]: value })}
      editing={form.editing}
      error={error(`${G}.${key}`, v[key])}
      hint={t(`automotive_${key}_hint`)}
      minRows={minRows}
    />
  );
  const choice = (key: 'vehicleReadyNotifyMinutesPriorToArrival' | 'repairOrderStatusMessageHoursAfter', choices: readonly number[], unit: string) => {
    const label = (n: number) => (n === 0 ? t('disabled') : t(unit, { count: n }));
    return form.editing ? (
      <TextField
        select
        size="small"
        label={t(`automotive_${key}`)}
        value={v[key]}
        onChange={(e) => set({ [key]: Number(e.target.value) })}
        error={!!error(`${G}.${key}`)}
        helperText={error(`${G}.${key}`)}
        sx={{ maxWidth: 320 }}
        slotProps={{ htmlInput: { 'data-testid': `field-${G}.${key}` } }}
      >
        {choices.map((n) => (
          <MenuItem key={n} value={n}>
            {label(n)}
          </MenuItem>
        ))}
      </TextField>
    ) : (
      <SettingsValue label={t(`automotive_${key}`)} value={label(v[key])} />
    );
  };

  return (
    <SettingsSection
      title={t('automated_messages_automotive')}
      testId="automotive-messages"
      form={form}
      canEdit={canEdit}
      error={form.errors[G] ? error(G) : undefined}
    >
      <Group title={t('automotive_group_repair_order')}>
        {choice('repairOrderStatusMessageHoursAfter', STATUS_HOURS_CHOICES, 'hours_after_opening')}
        {text('repairOrderStatusUrl')}
        {text('repairOrderStatusUpdate')}
        {text('repairOrderLineApproval')}
      </Group>
      <Group title={t('automotive_group_vehicle_ready')}>
        {text('vehicleReady')}
        {choice('vehicleReadyNotifyMinutesPriorToArrival', MINUTES_PRIOR_CHOICES, 'minutes_before_arrival')}
        {text('vehicleReadyNotifyPriorToArrivalText')}
      </Group>
      <Group title={t('automotive_group_appraisal')}>
        {form.editing ? (
          <FormControlLabel
            control={
              <Switch
                checked={v.vehicleAppraisalAutomatedEnabled}
                onChange={(e) => set({ vehicleAppraisalAutomatedEnabled: e.target.checked })}
                slotProps={{ input: { 'data-testid': `field-${G}.vehicleAppraisalAutomatedEnabled` } as object }}
              />
            }
            label={t('automotive_vehicleAppraisalAutomatedEnabled')}
          />
        ) : (
          <SettingsValue label={t('automotive_vehicleAppraisalAutomatedEnabled')} value={v.vehicleAppraisalAutomatedEnabled ? t('enabled') : t('disabled')} />
        )}
        {text('vehicleAppraisalText')}
        {form.editing ? (
          <NumericInput
            size="small"
            label={t('automotive_vehicleAppraisalCooldownDays')}
            value={v.vehicleAppraisalCooldownDays}
            onChange={(vehicleAppraisalCooldownDays) => set({ vehicleAppraisalCooldownDays })}
            error={!!error(`${G}.vehicleAppraisalCooldownDays`)}
            helperText={error(`${G}.vehicleAppraisalCooldownDays`) ?? t('automotive_vehicleAppraisalCooldownDays_hint')}
            sx={{ maxWidth: 320 }}
            testId={`field-${G}.vehicleAppraisalCooldownDays`}
          />
        ) : (
          <SettingsValue
            label={t('automotive_vehicleAppraisalCooldownDays')}
            value={Number(v.vehicleAppraisalCooldownDays) === 0 ? t('cooldown_once_per_vehicle') : t('days_count', { count: Number(v.vehicleAppraisalCooldownDays) })}
          />
        )}
        {form.editing ? (
          <>
            <ChipListInput
              label={t('automotive_vehicleAppraisalNotificationEmails')}
              value={v.vehicleAppraisalNotificationEmails}
              onChange={(list) => set({ vehicleAppraisalNotificationEmails: list })}
              placeholder="name@example.com"
              error={error(`${G}.vehicleAppraisalNotificationEmails`)}
              hint={t('chip_list_hint')}
              testId={`field-${G}.vehicleAppraisalNotificationEmails`}
            />
            <ChipListInput
              label={t('automotive_vehicleAppraisalNotificationSms')}
              value={v.vehicleAppraisalNotificationSms}
              onChange={(list) => set({ vehicleAppraisalNotificationSms: list })}
              placeholder="+1 555 010 1234"
              error={error(`${G}.vehicleAppraisalNotificationSms`)}
              hint={t('chip_list_hint')}
              testId={`field-${G}.vehicleAppraisalNotificationSms`}
            />
          </>
        ) : (
          <>
            <SettingsValue label={t('automotive_vehicleAppraisalNotificationEmails')} value={v.vehicleAppraisalNotificationEmails.join(', ')} />
            <SettingsValue label={t('automotive_vehicleAppraisalNotificationSms')} value={v.vehicleAppraisalNotificationSms.map(formatPhone).join(', ')} />
          </>
        )}
      </Group>
      <Group title={t('automotive_group_accounting')}>{text('statementOfAccountText')}</Group>
    </SettingsSection>
  );
}
