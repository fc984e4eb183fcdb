import { useState } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { ACCEPT_ATTRIBUTE, formatBytes, totalBytes, withinAttachmentLimit } from '../../../lib/attachments';
import { formatDateTime } from '../../../lib/format';
import { checkSchedule, toLocalInputValue } from '../../../lib/schedule';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useFilePicker } from '../../../lib/use-file-picker';
import { useSendGroupMessage } from '../api/send-group-message';
import { canSendGroupMessage } from '../lib/group-composer';
import type { TCustomerGroup } from '../lib/types';

/** Group message composer: text, attachments (total < 95,000,000 bytes), optional future schedule, confirmed send. */
export function GroupComposer({ group }: { group: TCustomerGroup }) {
  const { t } = useTranslation();
  const send = useSendGroupMessage();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [schedule, setSchedule] = useState('');
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { fileInput, openPicker, onPickFiles } = useFilePicker({ files, onChange: setFiles });
  const tooBig = !withinAttachmentLimit(files);
  const sendable = canSendGroupMessage({ text, files, members: group.memberCount, sending: send.isPending });

  const askConfirm = () => {
    if (!sendable) return;
    if (tooBig) {
      toastError(t('err_total_attachment_size'));
      return;
    }
    const check = checkSchedule(schedule);
    if (!check.ok) {
      setScheduleError(t('schedule_must_be_future'));
      return;
    }
    setConfirming(true);
  };

  const submit = () => {
    const check = checkSchedule(schedule);
    if (!check.ok) {
      setConfirming(false);
      setScheduleError(t('schedule_must_be_future'));
      return;
    }
    send.mutate(
      { groupId: group.id, content: text.trim(), scheduledAt: check.iso, files },
      {
        onSuccess: () => {
          setConfirming(false);
          setText('');
          setFiles([]);
          setSchedule('');
          toastSuccess(check.iso ? t('group_message_scheduled') : t('group_message_queued'));
        },
        onError: (err) => {
          setConfirming(false);
          if (err instanceof ApiError && err.status === 413) toastError(t('err_total_attachment_size'));
        },
      },
    );
  };

  const scheduledIso = checkSchedule(schedule);

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        askConfirm();
      }}
      sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="group-composer"
    >
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            askConfirm();
          }
        }}
        placeholder={t('group_message_placeholder')}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'group-composer-input', 'aria-label': t('message'), maxLength: 1600 } }}
      />
      {files.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
          {files.map((f, i) => (
            <Chip key={`${f.name}-${f.size}-${f.lastModified}`} size="small" label={`${f.name} · ${formatBytes(f.size)}`} onDelete={() => setFiles(files.filter((_, j) => j !== i))} sx={{ maxWidth: 260 }} />
          ))}
          <Typography variant="caption" color={tooBig ? 'error' : 'text.secondary'}>
            {t('attachments_total', { size: formatBytes(totalBytes(files)) })}
          </Typography>
        </Box>
      )}
      {tooBig && (
        <Typography variant="caption" color="error" role="alert">
          {t('err_total_attachment_size')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <input ref={fileInput} type="file" multiple accept={ACCEPT_ATTRIBUTE} hidden data-testid="group-composer-file-input" onChange={(e) => onPickFiles(e.target.files)} />
        <Tooltip title={t('attach_files')}>
          <IconButton onClick={openPicker} aria-label={t('attach_files')} data-testid="group-composer-attach">
            <AttachFile />
          </IconButton>
        </Tooltip>
        <TextField
          type="datetime-local"
          size="small"
          label={t('schedule_optional')}
          value={schedule}
          onChange={(e) => {
            setSchedule(e.target.value);
            setScheduleError(null);
          }}
          error={!!scheduleError}
          helperText={scheduleError ?? undefined}
          sx={{ width: 250 }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: toLocalInputValue(new Date()), 'data-testid': 'group-composer-schedule' },
            input: {
              endAdornment: schedule ? (
                <IconButton size="small" edge="end" onClick={() => setSchedule('')} aria-label={t('send_immediately')}>
                  <Close fontSize="small" />
                </IconButton>
              ) : undefined,
            },
          }}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          type="submit"
          variant="contained"
          disabled={!sendable}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : schedule ? <ScheduleSend /> : <Send />}
          data-testid="group-send"
        >
          {schedule ? t('schedule_for_n_members', { count: group.memberCount }) : t('send_to_n_members', { count: group.memberCount })}
        </Button>
      </Box>
      {group.memberCount === 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('group_has_no_members')}
        </Typography>
      )}
      <Dialog open={confirming} onClose={send.isPending ? undefined : () => setConfirming(false)} aria-labelledby="group-send-title" data-testid="group-send-dialog">
        <DialogTitle id="group-send-title">{t('send_group_message')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {scheduledIso.ok && scheduledIso.iso
              ? t('confirm_group_schedule', { count: group.memberCount, name: group.name, date: formatDateTime(scheduledIso.iso) })
              : t('confirm_group_send', { count: group.memberCount, name: group.name })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={send.isPending}>
            {t('cancel')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={send.isPending} data-testid="group-send-confirm" autoFocus>
            {send.isPending ? <CircularProgress size={18} color="inherit" /> : t('send_to_n_members', { count: group.memberCount })}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
