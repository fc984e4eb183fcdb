import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { INTERNAL_CHAT_NAME_MAX, type TInternalChatColleague, type TInternalChatThread } from '@cd/contracts/internal-chat';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toast';
import { useCurrentUser } from '../../../lib/current-user';
import { useChatColleagues } from '../api/get-chat-colleagues';
import { useCreateThread } from '../api/create-thread';
import { useUpdateThread } from '../api/update-thread';
import { ColleaguesPicker } from './colleague-picker';
import { useValueChanged } from '../../../lib/use-value-changed';

interface TProps {
  open: boolean;
  /** Rename / change the members of this group; create a new group when absent. */
  thread?: TInternalChatThread;
  onClose: () => void;
  onSaved: (thread: TInternalChatThread) => void;
}

/** New group (a name is required, and at least one colleague), or the owner's rename and members dialog. */
export function GroupDialog({ open, thread, onClose, onSaved }: TProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const colleagues = useChatColleagues(open);
  const create = useCreateThread();
  const update = useUpdateThread();
  const busy = create.isPending || update.isPending;
  const [name, setName] = useState('');
  const [pickedMembers, setMembers] = useState<TInternalChatColleague[]>([]);
  // Once colleagues arrive, the chips get their e-mail addresses too (derived, so a late list needs no sync).
  const members = useMemo(() => pickedMembers.map((m) => colleagues.data?.find((c) => c.id === m.id) ?? m), [pickedMembers, colleagues.data]);
  const [errors, setErrors] = useState<{ name?: string; users?: string }>({});

  // Members who are not (or no longer) colleagues stay listed so the owner can remove them.
  const options = useMemo(() => {
    const list = [...(colleagues.data ?? [])];
    for (const u of thread?.users ?? []) if (u.id !== me.id && !list.some((c) => c.id === u.id)) list.push({ ...u, email: '' });
    return list;
  }, [colleagues.data, thread, me.id]);

  // Opening (or another thread or user) starts from the thread's name and members; all three hooks run every render.
  const openChanged = useValueChanged(open);
  const threadChanged = useValueChanged(thread);
  const meChanged = useValueChanged(me.id);
  if (open && (openChanged || threadChanged || meChanged)) {
    setName(thread?.name ?? '');
    setErrors({});
    setMembers((thread?.users ?? []).filter((u) => u.id !== me.id).map((u) => ({ ...u, email: '' })));
  }

  const submit = () => {
    const value = name.trim();
    const next: typeof errors = {};
    if (!value) next.name = t('ichat_group_name_required');
    if (members.length === 0) next.users = t('ichat_group_members_required');
    setErrors(next);
    if (next.name || next.users) return;
    const onError = (err: Error) => {
      if (!(err instanceof ApiError) || err.status !== 422) return;
      const byField: typeof errors = {};
      for (const v of err.violations) {
        const key = v.propertyPath.startsWith('name') ? 'name' : 'users';
        byField[key] ??= translateMessage(v.message);
      }
      if (!byField.name && !byField.users) byField.users = describeError(err.body, translateMessage);
      setErrors(byField);
    };
    const users = members.map((m) => m.id);
    if (thread)
      update.mutate(
        { id: thread.id, name: value, users },
        {
          onSuccess: (saved) => {
            toastSuccess(t('ichat_group_saved'));
            onSaved(saved);
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(
        { users, name: value },
        {
          onSuccess: (saved) => {
            onSaved(saved);
            onClose();
          },
          onError,
        },
      );
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="ichat-group-title" data-testid="ichat-group-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <DialogTitle id="ichat-group-title">{thread ? t('ichat_edit_group') : t('ichat_new_group')}</DialogTitle>
        <DialogContent>
          {!thread && <DialogContentText sx={{ mb: 1 }}>{t('ichat_new_group_hint')}</DialogContentText>}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('ichat_group_name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
            error={!!errors.name}
            helperText={errors.name ?? ' '}
            required
            slotProps={{ htmlInput: { maxLength: INTERNAL_CHAT_NAME_MAX, 'data-testid': 'ichat-group-name' } }}
          />
          {colleagues.isError ? (
            <DialogContentText color="error">{t('ichat_colleagues_load_failed')}</DialogContentText>
          ) : (
            <ColleaguesPicker
              options={options}
              loading={colleagues.isPending}
              value={members}
              onChange={(v) => {
                setMembers(v);
                setErrors((x) => ({ ...x, users: undefined }));
              }}
              error={errors.users}
              label={t('ichat_group_members')}
              testId="ichat-group-members"
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="ichat-group-submit">
            {thread ? t('save') : t('create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
