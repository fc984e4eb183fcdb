import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { invalidRecipients, ZProfileFormSchema, type TProfileForm } from '@cd/contracts/user';
import { useUpdateUser } from '../../../api/update-user';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { ME_QUERY_KEY, useCurrentUser } from '../../../lib/current-user';
import { usePreferences } from '../../../lib/preferences';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useValueChanged } from '../../../lib/use-value-changed';
import { buildProfilePatch, profileFieldOf, profileFormFromUser } from '../lib/profile-form';

interface TProps {
  open: boolean;
  onClose: () => void;
}

const THEMES = [
  { value: 'system', icon: SettingsBrightnessOutlined, labelKey: 'theme_system' },
  { value: 'light', icon: LightModeOutlined, labelKey: 'theme_light' },
  { value: 'dark', icon: DarkModeOutlined, labelKey: 'theme_dark' },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Spec part 1 §2, §5: full name, email, phone, optional password change, theme, notification settings. */
export function ProfileDialog({ open, onClose }: TProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const { themeMode, setThemeMode } = usePreferences();
  const [busy, setBusy] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  // The theme when the dialog opened: the choice applies at once and is taken back on cancel.
  const [openedTheme, setOpenedTheme] = useState(themeMode);
  const initial = useMemo(() => profileFormFromUser(me, openedTheme), [me, openedTheme]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TProfileForm>({ resolver: zodResolver(ZProfileFormSchema), defaultValues: initial });
  const [changePassword, notifyEmail, notifySms, emailRecipients, smsRecipients] = useWatch({
    control,
    name: ['changePassword', 'notifyEmail', 'notifySms', 'emailRecipients', 'smsRecipients'],
  });

  // Opening the dialog remembers the theme (to take back on cancel) and clears the last error, while rendering.
  if (useValueChanged(open) && open) {
    setOpenedTheme(themeMode);
    setGeneralError(null);
  }
  // The form is reset by an effect event: it reads the current user and theme, but only opening the dialog runs it;
  // later updates of the user must not wipe what is being typed.
  const onOpened = useEffectEvent(() => reset(profileFormFromUser(me, themeMode)));
  useEffect(() => {
    if (open) onOpened();
  }, [open]);

  const close = () => {
    if (busy) return;
    if (themeMode !== openedTheme) setThemeMode(openedTheme);
    onClose();
  };

  const save = handleSubmit(async (values) => {
    setGeneralError(null);
    const start = profileFormFromUser(me, openedTheme);
    // An impersonated user's theme is their own: it changes here, in this browser, but is not saved on them.
    const patch = buildProfilePatch({ user: me, initial: start, values, saveTheme: !me.impersonator });
    const themeChanged = values.theme !== start.theme;
    if (!Object.keys(patch).length) {
      if (!themeChanged) {
        toast.warning(t('no_changes'));
        return;
      }
      toastSuccess(t('profile_updated_successfully'));
      onClose();
      return;
    }
    setBusy(true);
    try {
      // Own password changed (not while impersonating): this session continues with a fresh token pair.
      await update.mutateAsync({ id: me.id, patch, silent: true, renewSession: patch.password !== undefined && !me.impersonator });
      toastSuccess(t('profile_updated_successfully'));
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      onClose();
    } catch (err) {
      toastError(t('error_updating_profile_or_password'));
      if (err instanceof ApiError) {
        const unplaced: string[] = [];
        for (const v of err.violations) {
          const field = profileFieldOf(v.propertyPath);
          if (field) setError(field as Path<TProfileForm>, { message: v.message });
          else unplaced.push(v.message);
        }
        if (unplaced.length || (err.violations.length === 0 && err.status !== 0)) setGeneralError(unplaced.join(' ') || err.message);
      }
    } finally {
      setBusy(false);
    }
  });

  const msg = (field: keyof TProfileForm) => {
    const m = errors[field]?.message;
    if (!m) return undefined;
    if (m === 'profile_email_recipients_invalid' || m === 'profile_sms_recipients_invalid') {
      const kind = m === 'profile_email_recipients_invalid' ? 'email' : 'sms';
      return t(m, { values: invalidRecipients(kind === 'email' ? emailRecipients : smsRecipients, kind).join(', ') });
    }
    return t(m, { defaultValue: m });
  };
  const text = (name: 'fullName' | 'email' | 'phone' | 'password' | 'confirmPassword' | 'emailRecipients' | 'smsRecipients') => ({
    ...register(name),
    error: !!errors[name],
    helperText: msg(name),
    slotProps: { htmlInput: { 'data-testid': `profile-${name}` } },
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={save}
      title={t('my_profile')}
      name="profile"
      submitLabel={busy ? t('saving') : t('save')}
      submitTestId="profile-save"
      busy={busy}
      contentGap={2.5}
    >
      {generalError && <Alert severity="error">{t(generalError, { defaultValue: generalError })}</Alert>}
      <Section title={t('profile_details')}>
        <TextField {...text('fullName')} label={t('profile_full_name')} required autoFocus autoComplete="name" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField {...text('email')} label={t('email')} required type="email" autoComplete="email" />
          <TextField
            {...text('phone')}
            label={t('phone')}
            type="tel"
            autoComplete="tel"
            placeholder="+15551234567"
            helperText={msg('phone') ?? t('phone_hint')}
          />
        </Box>
        <Controller
          control={control}
          name="changePassword"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': 'profile-change-password' } as object }} />}
              label={t('profile_change_password')}
            />
          )}
        />
        <Collapse in={changePassword} unmountOnExit>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
            <TextField
              {...text('password')}
              label={t('new_password')}
              type="password"
              autoComplete="new-password"
              helperText={msg('password') ?? t('profile_password_rules')}
            />
            <TextField {...text('confirmPassword')} label={t('confirm_password')} type="password" autoComplete="new-password" />
          </Box>
        </Collapse>
      </Section>
      <Divider />
      <Section title={t('theme')}>
        <Controller
          control={control}
          name="theme"
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              color="primary"
              value={field.value}
              aria-label={t('theme')}
              onChange={(_e, v: TProfileForm['theme'] | null) => {
                if (!v) return;
                field.onChange(v);
                setThemeMode(v);
              }}
            >
              {THEMES.map(({ value, icon: Icon, labelKey }) => (
                <ToggleButton key={value} value={value} data-testid={`profile-theme-${value}`} sx={{ gap: 1 }}>
                  <Icon fontSize="small" />
                  {t(labelKey)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        />
      </Section>
      <Divider />
      <Section title={t('profile_notification_settings')}>
        {(
          [
            ['notifyEmail', 'profile_notify_email', 'emailRecipients', 'profile_email_recipients', notifyEmail],
            ['notifySms', 'profile_notify_sms', 'smsRecipients', 'profile_sms_recipients', notifySms],
          ] as const
        ).map(([toggle, toggleLabel, list, listLabel, on]) => (
          <Box key={toggle} sx={{ display: 'flex', flexDirection: 'column' }}>
            <Controller
              control={control}
              name={toggle}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': `profile-${toggle}` } as object }} />}
                  label={t(toggleLabel)}
                />
              )}
            />
            <Collapse in={on} unmountOnExit>
              <TextField
                {...text(list)}
                fullWidth
                sx={{ mt: 1 }}
                label={t(listLabel)}
                placeholder={list === 'emailRecipients' ? 'name@example.com, other@example.com' : '+15551234567, +15557654321'}
                helperText={msg(list) ?? t('profile_recipients_hint')}
              />
            </Collapse>
          </Box>
        ))}
        <Controller
          control={control}
          name="notifyPush"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': 'profile-notifyPush' } as object }} />}
              label={t('profile_notify_push')}
            />
          )}
        />
      </Section>
    </FormDialog>
  );
}
