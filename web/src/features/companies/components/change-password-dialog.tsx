import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@cd/contracts/user';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useChangeUserPassword } from '../api/change-user-password';
import { checkPasswordPair, userMessageKey } from '../lib/user-form';

/** Sets a user's password (spec part 2 §5): both entries must match, else the "passwords_do_not_match" warning. */
export function ChangePasswordDialog({ user, onClose }: { user: TUser; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeUserPassword();
  const me = useCurrentUser();
  // The real signed-in user (not an impersonated one) changing their own password: the server keeps this session.
  const own = (me.impersonator?.id ?? me.id) === user.id;
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});

  const close = () => {
    if (!change.isPending) onClose();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = checkPasswordPair(password, confirmPassword);
    setErrors(found);
    if (found.confirmPassword === 'passwords_do_not_match') toast.warning(t('passwords_do_not_match'));
    if (found.password || found.confirmPassword) return;
    change.mutate(
      { id: user.id, password, renewSession: own },
      {
        onSuccess: () => {
          toastSuccess(t('success'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422)
            setErrors({ password: userMessageKey(error.violations[0]?.message ?? error.message) });
        },
      },
    );
  };

  const message = (key?: string) => (key ? t(key, { defaultValue: key }) : undefined);

  return (
    <FormDialog
      open
      onClose={close}
      onSubmit={submit}
      title={t('user_change_password')}
      name="change-password"
      submitLabel={t('save')}
      submitTestId="change-password-submit"
      busy={change.isPending}
    >
      <Typography variant="body2" color="text.secondary">
        {t('user_change_password_for', { name: fullName(user) || user.email })}
      </Typography>
      <TextField
        id="change-password-password"
        label={t('password')}
        type="password"
        required
        autoFocus
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!errors.password}
        helperText={message(errors.password) ?? t('profile_password_rules')}
        slotProps={{ htmlInput: { maxLength: 1024, 'data-testid': 'change-password-password' } }}
      />
      <TextField
        id="change-password-confirm"
        label={t('confirm_password')}
        type="password"
        required
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        error={!!errors.confirmPassword}
        helperText={message(errors.confirmPassword)}
        slotProps={{ htmlInput: { maxLength: 1024, 'data-testid': 'change-password-confirm' } }}
      />
    </FormDialog>
  );
}
