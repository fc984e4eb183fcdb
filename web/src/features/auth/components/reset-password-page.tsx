import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useResetTokenInfo } from '../api/get-reset-token';
import { useResetPasswordMutation } from '../api/reset-password';
import { useSignIn } from '../hooks/use-sign-in';
import { validateResetPassword, type TResetPasswordError } from '../lib/reset-password-validation';
import { AuthLayout } from './auth-layout';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useResetTokenInfo(token);
  const reset = useResetPasswordMutation();
  const signIn = useSignIn();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<TResetPasswordError | null>(null);
  const email = info.data?.user.email;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    // Spec part 1 §5: submitting does nothing until the account's email is loaded.
    if (!email) return;
    const problem = validateResetPassword(password, confirm);
    setError(problem);
    if (problem) return;
    reset.mutate({ token, password }, { onSuccess: () => signIn.mutate({ email, password }) });
  };

  const busy = reset.isPending || signIn.isPending || signIn.isSuccess;
  const invalidLink = !token || info.isError;

  return (
    <AuthLayout title={t('reset_password_title')}>
      {info.isLoading ? (
        <PageSpinner />
      ) : invalidLink ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="error" data-testid="reset-invalid-link">
            {t('reset_link_invalid')}
          </Alert>
          <Button type="button" variant="contained" onClick={() => void navigate('/login')}>
            {t('to_login')}
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {email && (
            <Typography color="text.secondary" data-testid="reset-email">
              {t('reset_password_for', { email })}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('reset_password_hint')}
          </Typography>
          <TextField
            id="reset-password"
            label={t('new_password')}
            type="password"
            autoComplete="new-password"
            autoFocus
            fullWidth
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!error}
            helperText={error ? t(error) : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'reset-password' }, formHelperText: { role: 'alert', id: 'reset-password-error' } as object }}
          />
          <TextField
            id="reset-password-confirm"
            label={t('confirm_password')}
            type="password"
            autoComplete="new-password"
            fullWidth
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'reset-password-confirm' } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="reset-submit">
            {busy ? t('signing_in') : t('continue')}
          </Button>
          <Button type="button" onClick={() => void navigate('/login')}>
            {t('to_login')}
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}
