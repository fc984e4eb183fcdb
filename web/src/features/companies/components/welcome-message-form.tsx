import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { TCompany, TCompanyPatch } from '@cd/contracts/company';
import { useCanEditSettings } from '../hooks/use-can-edit-settings';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm, type TFieldErrors } from '../hooks/use-settings-form';
import { validateAutomatedTexts } from '../lib/automated-text-errors';
import { ModifierTextField } from './modifier-text-field';
import { SettingsSection } from './settings-section';
import { SettingsValue } from './settings-value';

const toValues = (c: TCompany) => ({ welcomeMessage: c.welcomeMessage ?? '', welcomeMessageEnabled: c.welcomeMessageEnabled });
type TValues = ReturnType<typeof toValues>;

function validate(v: TValues): TFieldErrors {
  const errors = validateAutomatedTexts({ welcomeMessage: v.welcomeMessage });
  if (v.welcomeMessageEnabled && v.welcomeMessage.trim() === '') errors.welcomeMessage ??= 'welcome_message_required';
  return errors;
}

const toPatch = (changed: Partial<TValues>): TCompanyPatch =>
  changed.welcomeMessage === undefined ? changed : { ...changed, welcomeMessage: changed.welcomeMessage.trim() || null };

/** automated_messages → standard: the welcome message sent to a new customer, which must say how to opt out ("text stop"). */
export function WelcomeMessageForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const canEdit = useCanEditSettings();
  const form = useSettingsForm({ company, toValues, validate, toPatch });
  const error = useFieldError(form.errors);
  const v = form.editing ? form.values : toValues(company);
  return (
    <SettingsSection
      title={t('welcome_message')}
      testId="welcome-message"
      form={form}
      canEdit={canEdit}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {form.editing ? (
          <FormControlLabel
            control={
              <Switch
                checked={v.welcomeMessageEnabled}
                onChange={(e) => form.setValues({ ...v, welcomeMessageEnabled: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'welcome-message-enabled' } as object }}
              />
            }
            label={t('welcome_message_enabled')}
          />
        ) : (
          <SettingsValue label={t('welcome_message_enabled')} value={v.welcomeMessageEnabled ? t('enabled') : t('disabled')} testId="welcome-message-enabled-view" />
        )}
        <ModifierTextField
          path="welcomeMessage"
          label={t('welcome_message')}
          value={v.welcomeMessage}
          onChange={(welcomeMessage) => form.setValues({ ...v, welcomeMessage })}
          editing={form.editing}
          error={error('welcomeMessage')}
          hint={t('welcome_message_hint')}
          minRows={3}
        />
      </Box>
    </SettingsSection>
  );
}
