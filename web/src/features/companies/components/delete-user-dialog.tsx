import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@cd/contracts/user';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { transferCandidates, userMessageKey } from '../lib/user-form';

interface TProps {
  companyId: number;
  user: TUser;
  /** The company's users (the receiver is chosen among the other enabled ones). */
  users: readonly TUser[];
  onClose: () => void;
}

/** Deletes a user after choosing who receives their customers (spec part 2 §5: a receiver is required). */
export function DeleteUserDialog({ companyId, user, users, onClose }: TProps) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const candidates = transferCandidates(users, user.id);
  const [transferTo, setTransferTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = fullName(user) || user.email;

  const close = () => {
    if (!remove.isPending) onClose();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!transferTo) {
      setError('user_transfer_required');
      return;
    }
    setError(null);
    remove.mutate(
      { companyId, id: user.id, transferTo: Number(transferTo) },
      {
        onSuccess: () => {
          toastSuccess(t('success'));
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) setError(userMessageKey(err.violations[0]?.message ?? err.message));
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={close}
      onSubmit={submit}
      title={t('user_delete')}
      name="delete-user"
      submitLabel={t('delete')}
      submitTestId="delete-user-submit"
      busy={remove.isPending}
      submitDisabled={remove.isPending || candidates.length === 0}
    >
      <Typography>{t('user_delete_text', { name })}</Typography>
      {candidates.length === 0 ? (
        <Alert severity="warning" data-testid="delete-user-no-candidates">
          {t('user_transfer_none')}
        </Alert>
      ) : (
        <TextField
          select
          id="delete-user-transfer"
          label={t('user_transfer_to')}
          required
          value={transferTo}
          onChange={(e) => {
            setTransferTo(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ? t(error, { defaultValue: error }) : t('user_transfer_hint')}
          slotProps={{ htmlInput: { 'data-testid': 'delete-user-transfer' } }}
        >
          {candidates.map((u) => (
            <MenuItem key={u.id} value={String(u.id)} data-testid={`delete-user-transfer-${u.id}`}>
              {fullName(u) || u.email}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {u.email}
              </Typography>
            </MenuItem>
          ))}
        </TextField>
      )}
    </FormDialog>
  );
}
