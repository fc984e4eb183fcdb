import type { Ref } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Mic from '@mui/icons-material/MicNone';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { CHANNELS, type TChannel } from '@cd/contracts/customer';
import { ACCEPT_ATTRIBUTE } from '../../../lib/attachments';
import type { TRecorderState } from '../hooks/use-audio-recorder';
import { ComposerSchedulePicker } from './composer-schedule-picker';
import { ComposerTemplatePicker } from './composer-template-picker';

interface TProps {
  fileInput: Ref<HTMLInputElement>;
  onPickFiles: (files: FileList | null) => void;
  openPicker: () => void;
  recorder: TRecorderState;
  onRecord: () => void;
  onPickTemplate: (text: string) => void;
  scheduledAt: string | null;
  onScheduleChange: (scheduledAt: string | null) => void;
  /** The company's channels, best first; the select lists them in CHANNELS order. */
  available: readonly string[];
  channel: TChannel | '';
  channelError: boolean;
  onChannelChange: (channel: TChannel) => void;
  windowClosed: boolean;
  sendable: boolean;
  sending: boolean;
}

/** The row under the composer's text: attach, record, template, schedule, channel and the send button. */
export function ComposerSendBar({
  fileInput,
  onPickFiles,
  openPicker,
  recorder,
  onRecord,
  onPickTemplate,
  scheduledAt,
  onScheduleChange,
  available,
  channel,
  channelError,
  onChannelChange,
  windowClosed,
  sendable,
  sending,
}: TProps) {
  const { t } = useTranslation();
  const recording = recorder.kind === 'recording';
  const sendLabel = scheduledAt ? t('schedule_send') : t('send');

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, mt: 0.75 }}>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        hidden
        data-testid="composer-file-input"
        onChange={(e) => onPickFiles(e.target.files)}
      />
      <Tooltip title={t('attach_files')}>
        <span>
          <IconButton size="small" onClick={openPicker} disabled={recording || windowClosed} aria-label={t('attach_files')} data-testid="composer-attach">
            <AttachFile fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('record_audio')}>
        <span>
          <IconButton
            size="small"
            onClick={onRecord}
            disabled={recorder.kind !== 'idle' || windowClosed}
            aria-label={t('record_audio')}
            data-testid="composer-record"
          >
            {recorder.kind === 'starting' ? <CircularProgress size={16} /> : <Mic fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <ComposerTemplatePicker disabled={recording || windowClosed} onPick={onPickTemplate} />
      <ComposerSchedulePicker scheduledAt={scheduledAt} onChange={onScheduleChange} disabled={recording || windowClosed} />
      <Box sx={{ flex: 1 }} />
      <TextField
        select
        size="small"
        value={channel}
        required
        error={channelError && !channel}
        onChange={(e) => onChannelChange(e.target.value as TChannel)}
        aria-label={t('channel')}
        sx={{ minWidth: 130, maxWidth: 170, '& .MuiSelect-select': { py: 0.6, fontSize: 13 } }}
        slotProps={{ htmlInput: { 'data-testid': 'composer-channel', 'aria-label': t('channel') }, select: { displayEmpty: true } }}
      >
        <MenuItem value="" disabled>
          {t('select_channel')}
        </MenuItem>
        {CHANNELS.filter((c) => available.includes(c)).map((c) => (
          <MenuItem key={c} value={c} data-testid={`composer-channel-option-${c}`}>
            {t(`channel_${c}`)}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={`${sendLabel} (Enter)`}>
        <span>
          <IconButton type="submit" color="primary" disabled={!sendable} aria-label={sendLabel} data-testid="composer-send" sx={{ ml: 0.5 }}>
            {sending ? <CircularProgress size={20} /> : scheduledAt ? <ScheduleSend /> : <Send />}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
