import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { AuthLayout } from './auth-layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useForgotPasswordMutation();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    mutation.mutate({ email: value }, { onSuccess: () => setSentTo(value) });
  };

  return (
    <AuthLayout title={t('forgot_password_title')}>
      {sentTo ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="success" data-testid="forgot-password-sent">
            {t('forgot_password_sent', { email: sentTo })}
          </Alert>
          <Button type="button" variant="contained" onClick={() => void navigate('/login')}>
            {t('to_login')}
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography color="text.secondary">{t('forgot_password_help')}</Typography>
          <TextField
            id="forgot-email"
            label={t('email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={email.trim() === '' || mutation.isPending} data-testid="forgot-submit">
            {t('continue')}
          </Button>
          <Button type="button" onClick={() => void navigate('/login')}>
            {t('to_login')}
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}
