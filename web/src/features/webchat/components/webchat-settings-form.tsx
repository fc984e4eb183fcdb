import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WEBCHAT_LIMITS, ZWebchatSettingsPatchSchema, type TWebchatSettings } from '@cd/contracts/webchat';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateWebchatSettings } from '../api/update-webchat-settings';
import { WebchatOriginsField } from './webchat-origins-field';

const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

/** The widget's switch, allowed sites, look (greeting, colour) and welcome reply, saved together. */
export function WebchatSettingsForm(props: { settings: TWebchatSettings }) {
  const { t } = useTranslation();
  const update = useUpdateWebchatSettings();
  const s = props.settings;
  const [enabled, setEnabled] = useState(s.enabled);
  const [origins, setOrigins] = useState(s.allowedOrigins);
  const [greeting, setGreeting] = useState(s.greeting);
  const [color, setColor] = useState(s.color);
  const [welcomeEnabled, setWelcomeEnabled] = useState(s.welcomeEnabled);
  const [welcomeMessage, setWelcomeMessage] = useState(s.welcomeMessage);
  const colorOk = COLOR_RE.test(color);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZWebchatSettingsPatchSchema.safeParse({ enabled, allowedOrigins: origins, greeting, color, welcomeEnabled, welcomeMessage });
    if (!parsed.success) return toastError(parsed.error.issues[0]?.message ?? t('webchat_save_failed'));
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setWelcomeMessage(saved.welcomeMessage);
        setGreeting(saved.greeting);
        toastSuccess(t('webchat_saved'));
      },
      onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('webchat_save_failed')),
    });
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
      data-testid="webchat-settings-form"
    >
      <Box>
        <FormControlLabel
          control={
            <Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} slotProps={{ input: { 'data-testid': 'webchat-enabled' } as object }} />
          }
          label={<Typography sx={{ fontWeight: 600 }}>{t('webchat_enabled')}</Typography>}
        />
        <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
          {enabled ? t('webchat_enabled_on') : t('webchat_enabled_off')}
        </Typography>
      </Box>
      <Divider />
      <WebchatOriginsField origins={origins} onChange={setOrigins} />
      <Divider />
      <Typography variant="subtitle2" component="h3">
        {t('webchat_look')}
      </Typography>
      <TextField
        label={t('webchat_greeting')}
        value={greeting}
        onChange={(e) => setGreeting(e.target.value)}
        multiline
        minRows={2}
        helperText={`${t('webchat_greeting_help')} ${greeting.length}/${WEBCHAT_LIMITS.greetingLength}`}
        error={greeting.length > WEBCHAT_LIMITS.greetingLength}
        slotProps={{ htmlInput: { 'data-testid': 'webchat-greeting' } }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box
          component="input"
          type="color"
          aria-label={t('webchat_color_pick')}
          value={colorOk ? color : '#1565c0'}
          onChange={(e: ChangeEvent<HTMLInputElement>) => setColor(e.target.value)}
          sx={{ width: 48, height: 40, p: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer' }}
        />
        <TextField
          size="small"
          label={t('webchat_color')}
          value={color}
          onChange={(e) => setColor(e.target.value.trim())}
          error={!colorOk}
          helperText={colorOk ? t('webchat_color_help') : t('webchat_color_invalid')}
          sx={{ width: { xs: '100%', sm: 340 } }}
          slotProps={{ htmlInput: { 'data-testid': 'webchat-color', spellCheck: false } }}
        />
      </Box>
      <Divider />
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={welcomeEnabled}
              onChange={(e) => setWelcomeEnabled(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'webchat-welcome-enabled' } as object }}
            />
          }
          label={<Typography sx={{ fontWeight: 600 }}>{t('webchat_welcome')}</Typography>}
        />
        <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
          {t('webchat_welcome_help')}
        </Typography>
      </Box>
      {welcomeEnabled && (
        <TextField
          label={t('webchat_welcome_text')}
          value={welcomeMessage}
          onChange={(e) => setWelcomeMessage(e.target.value)}
          multiline
          minRows={2}
          placeholder={s.welcomeDefault}
          helperText={`${welcomeMessage.trim() ? t('webchat_welcome_own') : t('webchat_welcome_default', { text: s.welcomeDefault })} ${welcomeMessage.length}/${WEBCHAT_LIMITS.welcomeLength}`}
          error={welcomeMessage.length > WEBCHAT_LIMITS.welcomeLength}
          slotProps={{ htmlInput: { 'data-testid': 'webchat-welcome-text' }, inputLabel: { shrink: true } }}
        />
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending} data-testid="webchat-save">
          {update.isPending ? t('saving') : t('save')}
        </Button>
      </Box>
    </Paper>
  );
}
