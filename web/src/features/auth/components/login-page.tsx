import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@cd/contracts/auth';
import { ApiError } from '../../../lib/api-client';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthLayout } from './auth-layout';

// Messages are catalogue keys (spec part 1 §5: "enter your email" / "enter your password").
const ZLoginFormSchema = z.object({
  email: z.string().trim().min(1, 'login_enter_email'),
  password: z.string().min(1, 'login_enter_password'),
});
type TLoginForm = z.infer<typeof ZLoginFormSchema>;

type TFailureKey =
  | 'invalid_password_or_email_please_verify_your_credentials'
  | 'too_many_attempts'
  | 'too_many_attempts_seconds'
  | 'too_many_attempts_minutes'
  | 'an_error_has_occurred';
type TFailure = { key: TFailureKey; values?: Record<string, number> };

function failureOf(error: unknown): TFailure {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown; retryAfter?: unknown } | null;
    if (error.status === 401 && body?.message === AUTH_MESSAGES.invalidCredentials) return { key: 'invalid_password_or_email_please_verify_your_credentials' };
    if (error.status === 429) {
      // The server says how long the back-off lasts (seconds); without it, the generic message.
      const wait = typeof body?.retryAfter === 'number' && body.retryAfter > 0 ? Math.ceil(body.retryAfter) : null;
      if (wait === null) return { key: 'too_many_attempts' };
      return wait < 120
        ? { key: 'too_many_attempts_seconds', values: { count: wait } }
        : { key: 'too_many_attempts_minutes', values: { count: Math.ceil(wait / 60) } };
    }
  }
  return { key: 'an_error_has_occurred' };
}

export function LoginPage() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<TFailure | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<TLoginForm>({ resolver: zodResolver(ZLoginFormSchema), defaultValues: { email: '', password: '' } });
  const email = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    signIn.mutate(values, {
      onError: (error) => {
        const kind = failureOf(error);
        setFailure(kind);
        // Spec part 1 §8: an unexpected failure is shown per field as well as under the form.
        if (kind.key === 'an_error_has_occurred') {
          setError('email', { message: kind.key });
          setError('password', { message: kind.key });
        }
      },
    });
  });

  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <AuthLayout title={t('sign_in')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          {...register('email')}
          id="login-email"
          label={t('email')}
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          error={!!errors.email}
          helperText={errors.email?.message ? t(errors.email.message) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <TextField
          {...register('password')}
          id="login-password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
          fullWidth
          error={!!errors.password}
          helperText={errors.password?.message ? t(errors.password.message) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
        />
        {failure && (
          <Alert severity="error" data-testid="login-error" role="alert">
            {t(failure.key, failure.values)}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={email.trim() === '' || busy} data-testid="login-submit">
          {busy ? t('signing_in') : t('sign_in')}
        </Button>
        <Link component={RouterLink} to="/forgot_password" sx={{ alignSelf: 'center' }} data-testid="forgot-password-link">
          {t('forgot_password_link')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
