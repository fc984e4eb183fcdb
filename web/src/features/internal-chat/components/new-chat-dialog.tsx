import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { TInternalChatColleague } from '@cd/contracts/internal-chat';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useChatColleagues } from '../api/get-chat-colleagues';
import { useCreateThread } from '../api/create-thread';
import { existingThreadIdOf } from '../lib/chat-errors';
import { ColleaguePicker } from './colleague-picker';
import { useValueChanged } from '../../../lib/use-value-changed';

interface TProps {
  open: boolean;
  onClose: () => void;
  onOpenThread: (id: number) => void;
}

/** A one-to-one chat with one colleague; an existing chat with them opens instead (spec §8 "Chat already exists"). */
export function NewChatDialog({ open, onClose, onOpenThread }: TProps) {
  const { t } = useTranslation();
  const colleagues = useChatColleagues(open);
  const create = useCreateThread();
  const [picked, setPicked] = useState<TInternalChatColleague | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (useValueChanged(open) && open) {
    setPicked(null);
    setError(null);
  }

  const submit = () => {
    if (!picked) {
      setError(t('ichat_pick_colleague'));
      return;
    }
    create.mutate(
      { users: [picked.id] },
      {
        onSuccess: (thread) => {
          onClose();
          onOpenThread(thread.id);
        },
        onError: (err) => {
          if (!(err instanceof ApiError) || err.status !== 422) return;
          const existing = existingThreadIdOf(err.status, err.body);
          if (existing !== null) {
            toastSuccess(t('ichat_chat_already_exists'));
            onClose();
            onOpenThread(existing);
            return;
          }
          const message = err.violations[0]?.message ? translateMessage(err.violations[0].message) : describeError(err.body, translateMessage);
          setError(message);
          toastError(message);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="ichat-new-chat-title" data-testid="ichat-new-chat-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <DialogTitle id="ichat-new-chat-title">{t('ichat_new_chat')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('ichat_new_chat_hint')}</DialogContentText>
          {colleagues.isError ? (
            <DialogContentText color="error">{t('ichat_colleagues_load_failed')}</DialogContentText>
          ) : (
            <ColleaguePicker
              options={colleagues.data ?? []}
              loading={colleagues.isPending}
              value={picked}
              onChange={(c) => {
                setPicked(c);
                setError(null);
              }}
              error={error}
              label={t('ichat_colleague')}
              autoFocus
              testId="ichat-new-chat-colleague"
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending || !picked} data-testid="ichat-new-chat-submit">
            {t('ichat_start_chat')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
