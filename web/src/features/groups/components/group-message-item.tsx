import { useState, type KeyboardEvent } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useGroupMessagePolling } from '../api/get-group-message';
import { useGroupMessageAction } from '../api/group-message-actions';
import type { TGroupMessage } from '../lib/types';
import { GroupProgressBar } from './group-progress-bar';

const STATUS_COLOR = { queued: 'default', scheduled: 'primary', sending: 'info', sent: 'success' } as const;

/** One group message: text, status, schedule actions and live delivery progress; opens the recipients table. */
export function GroupMessageItem({ message, groupId, onOpen }: { message: TGroupMessage; groupId: number; onOpen: () => void }) {
  const { t } = useTranslation();
  useGroupMessagePolling(message);
  const action = useGroupMessageAction(groupId);
  const [removing, setRemoving] = useState(false);
  const scheduled = message.status === 'scheduled';
  const busy = action.isPending;
  const attachments = (message as { attachments?: unknown[] }).attachments?.length ?? 0;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen();
    }
  };

  return (
    <Paper
      variant="outlined"
      data-testid={`group-message-${message.id}`}
      data-status={message.status}
      role="button"
      tabIndex={0}
      aria-label={t('open_delivery_report')}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      sx={{ p: 1.5, cursor: 'pointer', flexShrink: 0, '&:hover': { borderColor: 'primary.main' }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75, flexWrap: 'wrap' }}>
        <Chip size="small" color={STATUS_COLOR[message.status] ?? 'default'} label={t(`group_status_${message.status}`, { defaultValue: message.status })} data-testid={`group-message-status-${message.id}`} />
        <Typography variant="caption" color="text.secondary">
          {scheduled && message.scheduledAt ? t('scheduled_for', { date: formatDateTime(message.scheduledAt) }) : formatDateTime(message.createdAt)}
        </Typography>
        {attachments > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center' }}>
            <AttachFile sx={{ fontSize: 14 }} /> {attachments}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {scheduled && (
          <Box sx={{ display: 'flex', gap: 1 }} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
            <Button
              size="small"
              startIcon={<ScheduleSend />}
              disabled={busy}
              onClick={() => action.mutate({ message, action: 'send_scheduled' }, { onSuccess: () => toastSuccess(t('group_message_queued')) })}
              data-testid={`group-message-send-now-${message.id}`}
            >
              {t('send_now')}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => setRemoving(true)} data-testid={`group-message-remove-${message.id}`}>
              {t('remove')}
            </Button>
          </Box>
        )}
      </Box>
      {message.content && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mb: 1, display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {message.content}
        </Typography>
      )}
      {!scheduled && <GroupProgressBar stats={message.recipients} id={message.id} />}
      <Box onClick={(e) => e.stopPropagation()}>
        <ConfirmDialog
          open={removing}
          title={t('remove_scheduled_group_message')}
          text={t('remove_scheduled_group_message_confirm')}
          confirmLabel={t('remove')}
          busy={busy}
          onClose={() => setRemoving(false)}
          onConfirm={() => action.mutate({ message, action: 'remove_scheduled' }, { onSuccess: () => setRemoving(false) })}
        />
      </Box>
    </Paper>
  );
}
