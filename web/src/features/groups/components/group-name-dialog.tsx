import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useCreateCustomerGroup, useUpdateCustomerGroup } from '../api/save-customer-group';
import type { TCustomerGroup } from '../lib/types';
import { useValueChanged } from '../../../lib/use-value-changed';

interface TProps {
  open: boolean;
  /** Rename this group; create a new one when absent. */
  group?: TCustomerGroup;
  onClose: () => void;
  onSaved: (g: TCustomerGroup) => void;
}

export const GROUP_NAME_MAX = 100;

/** Create (name) or rename a customer group. */
export function GroupNameDialog({ open, group, onClose, onSaved }: TProps) {
  const { t } = useTranslation();
  const create = useCreateCustomerGroup();
  const update = useUpdateCustomerGroup();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  // Opening (or switching the group) starts from the group's name; both hooks run on every render.
  const openChanged = useValueChanged(open);
  const groupChanged = useValueChanged(group);
  if (open && (openChanged || groupChanged)) {
    setName(group?.name ?? '');
    setError(null);
  }

  const submit = () => {
    const value = name.trim();
    if (!value) {
      setError(t('group_name_required'));
      return;
    }
    const onError = (err: Error) => {
      if (err instanceof ApiError && err.status === 422) setError(err.violations[0]?.message ? translateMessage(err.violations[0].message) : describeError(err.body, translateMessage));
    };
    if (group) update.mutate({ id: group.id, name: value }, { onSuccess: (g) => onSaved(g ?? { ...group, name: value }), onError });
    else create.mutate({ name: value }, { onSuccess: onSaved, onError });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="group-name-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <DialogTitle id="group-name-title">{group ? t('rename_group') : t('new_group')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('group_name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            required
            slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX, 'data-testid': 'group-create-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="group-create-submit">
            {group ? t('save') : t('create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
