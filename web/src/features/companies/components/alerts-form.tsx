import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ALERT_MINUTE_CHOICES, type TCompany, type TCompanyPatch } from '@cd/contracts/company';
import { useCanEditSettings } from '../hooks/use-can-edit-settings';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsSection } from './settings-section';
import { SettingsValue } from './settings-value';

const toValues = (c: TCompany) => ({ alertUserIfMessageUnreadForMinutes: (c.alerts.alertUserIfMessageUnreadForMinutes ?? 0) as number });
type TValues = ReturnType<typeof toValues>;
const toPatch = (changed: Partial<TValues>): TCompanyPatch => ({ alerts: changed as TCompanyPatch['alerts'] });
const PATH = 'alerts.alertUserIfMessageUnreadForMinutes';

/** alerts: how long a message may stay unread before its user is alerted (0 = never). */
export function AlertsForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const canEdit = useCanEditSettings();
  const form = useSettingsForm({ company, toValues, toPatch });
  const error = useFieldError(form.errors);
  const value = form.editing ? form.values.alertUserIfMessageUnreadForMinutes : toValues(company).alertUserIfMessageUnreadForMinutes;
  const label = (n: number) => (n === 0 ? t('disabled') : t('minutes_count', { count: n }));
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <SettingsSection
        title={t('alerts_title')}
        testId="alerts"
        form={form}
        canEdit={canEdit}
      >
        {form.editing ? (
          <TextField
            select
            size="small"
            label={t('alert_unread_for')}
            value={value}
            onChange={(e) => form.setValues({ alertUserIfMessageUnreadForMinutes: Number(e.target.value) })}
            error={!!error(PATH)}
            helperText={error(PATH) ?? t('alert_unread_for_hint')}
            sx={{ minWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': `field-${PATH}` } }}
          >
            {ALERT_MINUTE_CHOICES.map((n) => (
              <MenuItem key={n} value={n}>
                {label(n)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <SettingsValue label={t('alert_unread_for')} value={label(value)} testId="alerts-view" />
        )}
      </SettingsSection>
    </Box>
  );
}
