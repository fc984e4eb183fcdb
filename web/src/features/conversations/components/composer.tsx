import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Mic from '@mui/icons-material/MicNone';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import Send from '@mui/icons-material/Send';
import Stop from '@mui/icons-material/Stop';
import TextSnippet from '@mui/icons-material/TextSnippetOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHANNELS, type TChannel, type TCustomer } from '@cd/contracts/customer';
import { useMessageTemplates } from '../../../api/get-message-templates';
import { PendingFileChips } from '../../../components/ui/pending-file-chips';
import { ApiError } from '../../../lib/api-client';
import { ACCEPT_ATTRIBUTE, baseMime, withinAttachmentLimit } from '../../../lib/attachments';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { checkSchedule, toLocalInputValue } from '../../../lib/schedule';
import { toastError, toastSuccess, toastUploadError } from '../../../lib/toast';
import { useFilePicker } from '../../../lib/use-file-picker';
import { useMessages } from '../api/get-messages';
import { useSendMessage } from '../api/send-message';
import { useSendWhatsAppInvite } from '../api/send-whatsapp-invite';
import { applyRecording, canSend, defaultChannel, recordingFileName } from '../lib/composer-rules';
import { isWindowClosedError, lastInboundWhatsAppAt, WHATSAPP_WINDOW_CLOSED_MESSAGE, whatsappWindow } from '../lib/whatsapp-window';

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(h);
  }, []);
  return now;
}

type TRecorderState = { kind: 'idle' } | { kind: 'starting' } | { kind: 'recording'; startedAt: number };

/** Message composer: text, attachments, audio clip, template, schedule, channel (spec part 1 §5). */
export function Composer({ customer }: { customer: TCustomer }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // The server lists what the company can send through now, best first.
  const available = me.companyData?.channels ?? [];
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  const [channel, setChannel] = useState<TChannel | ''>('');
  const [channelTouched, setChannelTouched] = useState(false);
  const [scheduleAnchor, setScheduleAnchor] = useState<HTMLElement | null>(null);
  const [scheduleDraft, setScheduleDraft] = useState('');
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [templateAnchor, setTemplateAnchor] = useState<HTMLElement | null>(null);
  const [recorder, setRecorder] = useState<TRecorderState>({ kind: 'idle' });
  const [elapsed, setElapsed] = useState(0);
  const [channelError, setChannelError] = useState(false);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const { fileInput, openPicker, onPickFiles } = useFilePicker({ files, onChange: setFiles });
  const mediaRecorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const discardRecording = useRef(false);
  const templates = useMessageTemplates({ companyId: null, enabled: !!templateAnchor });
  // Spec part 1 §8: WhatsApp free text only within 24 h of the customer's last inbound WhatsApp message (loaded thread).
  const thread = useMessages(customer.id);
  const invite = useSendWhatsAppInvite();
  const now = useMinuteClock();
  const [serverClosed, setServerClosed] = useState(false);
  const [inviteText, setInviteText] = useState('');
  const threadMessages = thread.data?.pages.flatMap((p) => p.member) ?? [];
  const lastInbound = lastInboundWhatsAppAt(threadMessages);
  const waWindow = thread.isSuccess ? whatsappWindow(channel, threadMessages, now) : { state: 'not_whatsapp' as const };
  const windowClosed = channel === 'whatsapp' && (waWindow.state === 'closed' || serverClosed);

  // New customer → fresh draft; the channel follows the customer's preference until the user picks one.
  useEffect(() => {
    setText('');
    setFiles([]);
    setScheduledAt(null);
    setChannelTouched(false);
    setChannelError(false);
    setServerClosed(false);
    setInviteText('');
    input.current?.focus();
  }, [customer.id]);
  // A new inbound WhatsApp message reopens the window the server reported closed.
  useEffect(() => setServerClosed(false), [lastInbound]);
  useEffect(() => {
    if (windowClosed && !inviteText) setInviteText(t('whatsapp_invite_default', { company: me.companyData?.name ?? '' }));
  }, [windowClosed]);
  useEffect(() => {
    if (!channelTouched) setChannel(defaultChannel(customer.preferredChannel, available));
  }, [customer.preferredChannel, available.join(','), channelTouched]);

  useEffect(() => {
    if (recorder.kind !== 'recording') return;
    const h = window.setInterval(() => setElapsed(Math.floor((Date.now() - recorder.startedAt) / 1000)), 500);
    return () => window.clearInterval(h);
  }, [recorder]);

  // Never leave the microphone on when the conversation closes.
  useEffect(
    () => () => {
      discardRecording.current = true;
      const r = mediaRecorder.current;
      if (r && r.state !== 'inactive') r.stop();
    },
    [],
  );

  const sending = send.isPending;
  const draft = { text, files };
  const sendable = canSend(draft, sending) && recorder.kind === 'idle' && !windowClosed;

  const submit = () => {
    if (!sendable) return;
    if (!withinAttachmentLimit(files)) {
      toastError(t('err_total_attachment_size'));
      return;
    }
    const schedule = checkSchedule(scheduledAt);
    if (!schedule.ok) {
      toastError(t('schedule_must_be_future'));
      return;
    }
    if (!channel) {
      setChannelError(true);
      toastError(t('channel_required'));
      return;
    }
    send.mutate(
      { customerId: customer.id, content: text.trim(), channel, scheduledAt: schedule.iso, files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setScheduledAt(null);
          input.current?.focus();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 413) toastUploadError(t('err_total_attachment_size'));
          if (err instanceof ApiError && err.status === 422 && channel === 'whatsapp' && isWindowClosedError(err.body)) setServerClosed(true);
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const startRecording = async () => {
    if (typeof window.MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      toastError(t('recording_unsupported'));
      return;
    }
    setRecorder({ kind: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const preferred = ['audio/webm', 'audio/ogg', 'audio/mp4'].find((m) => MediaRecorder.isTypeSupported?.(m));
      const rec = preferred ? new MediaRecorder(stream, { mimeType: preferred }) : new MediaRecorder(stream);
      chunks.current = [];
      discardRecording.current = false;
      rec.ondataavailable = (e) => {
        if (e.data.size) chunks.current.push(e.data);
      };
      rec.onstop = () => {
        stream.getTracks().forEach((tr) => tr.stop());
        mediaRecorder.current = null;
        setRecorder({ kind: 'idle' });
        if (discardRecording.current || chunks.current.length === 0) return;
        const type = baseMime(rec.mimeType || preferred || 'audio/webm');
        const file = new File(chunks.current, recordingFileName(type), { type });
        // Spec part 1 §5: the clip replaces all other attachments and clears the draft text.
        const next = applyRecording({ text, files }, file);
        setText(next.text);
        setFiles(next.files);
      };
      rec.start();
      mediaRecorder.current = rec;
      setElapsed(0);
      setRecorder({ kind: 'recording', startedAt: Date.now() });
    } catch {
      setRecorder({ kind: 'idle' });
      toastError(t('recording_failed_to_start'));
    }
  };

  const stopRecording = (discard: boolean) => {
    discardRecording.current = discard;
    const r = mediaRecorder.current;
    if (r && r.state !== 'inactive') r.stop();
  };

  const openSchedule = (el: HTMLElement) => {
    setScheduleDraft(scheduledAt ?? toLocalInputValue(new Date(Date.now() + 60 * 60_000)));
    setScheduleError(null);
    setScheduleAnchor(el);
  };
  const applySchedule = () => {
    const check = checkSchedule(scheduleDraft);
    if (!check.ok || !scheduleDraft) {
      setScheduleError(t('schedule_must_be_future'));
      return;
    }
    setScheduledAt(scheduleDraft);
    setScheduleAnchor(null);
  };

  const insertTemplate = (value: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + value + text.slice(end);
    setText(next);
    setTemplateAnchor(null);
    window.setTimeout(() => {
      el?.focus();
      el?.setSelectionRange(start + value.length, start + value.length);
    }, 0);
  };

  const sendInvite = () => {
    const content = inviteText.trim();
    if (!content || invite.isPending) return;
    invite.mutate(
      { customerId: customer.id, content },
      {
        onSuccess: () => {
          toastSuccess(t('whatsapp_invite_sent'));
          setInviteText(t('whatsapp_invite_default', { company: me.companyData?.name ?? '' }));
        },
      },
    );
  };

  const tooBig = !withinAttachmentLimit(files);
  const recording = recorder.kind === 'recording';

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="composer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 1, sm: 2 }, pt: 1, pb: 'max(8px, env(safe-area-inset-bottom))' }}
    >
      {customer.optOut && (
        <Alert severity="warning" sx={{ mb: 1, py: 0 }} data-testid="composer-opt-out">
          {t('customer_opted_out_warning')}
        </Alert>
      )}
      {!windowClosed && (files.length > 0 || scheduledAt) && (
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mb: 1 }} data-testid="composer-attachments">
          <PendingFileChips files={files} tooBig={tooBig} onRemove={(i) => setFiles(files.filter((_, j) => j !== i))} />
          {scheduledAt && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              icon={<ScheduleSend />}
              label={t('scheduled_for', { date: formatDateTime(scheduledAt) })}
              onDelete={() => setScheduledAt(null)}
              data-testid="composer-schedule-chip"
            />
          )}
        </Box>
      )}
      {tooBig && (
        <Typography variant="caption" color="error" component="p" sx={{ mb: 0.5 }} role="alert">
          {t('err_total_attachment_size')}
        </Typography>
      )}
      {windowClosed ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Alert severity="info" sx={{ py: 0 }} data-testid="composer-whatsapp-window-closed" role="status">
            {t(WHATSAPP_WINDOW_CLOSED_MESSAGE)}
          </Alert>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              value={inviteText}
              onChange={(e) => setInviteText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  sendInvite();
                }
              }}
              label={t('whatsapp_invite_text')}
              multiline
              minRows={1}
              maxRows={4}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'composer-whatsapp-invite-input', maxLength: 1024 } }}
            />
            <Button
              variant="contained"
              onClick={sendInvite}
              disabled={!inviteText.trim() || invite.isPending}
              startIcon={invite.isPending ? <CircularProgress size={16} color="inherit" /> : <Send />}
              data-testid="composer-whatsapp-invite"
              sx={{ flexShrink: 0, mt: 0.25 }}
            >
              {t('send_invite')}
            </Button>
          </Box>
        </Box>
      ) : recording ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }} data-testid="composer-recording">
          <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: 'error.main', animation: 'cdPulse 1s ease-in-out infinite', '@keyframes cdPulse': { '50%': { opacity: 0.3 } } }} />
          <Typography sx={{ flex: 1 }}>
            {t('recording')} {Math.floor(elapsed / 60)}:{String(elapsed % 60).padStart(2, '0')}
          </Typography>
          <Button onClick={() => stopRecording(true)}>{t('cancel')}</Button>
          <Button variant="contained" color="error" startIcon={<Stop />} onClick={() => stopRecording(false)} data-testid="composer-record-stop">
            {t('stop_recording')}
          </Button>
        </Box>
      ) : (
        <TextField
          inputRef={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('type_a_message')}
          multiline
          minRows={1}
          maxRows={6}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'data-testid': 'composer-input', 'aria-label': t('message'), maxLength: 1600 } }}
        />
      )}
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
              onClick={() => void startRecording()}
              disabled={recorder.kind !== 'idle' || windowClosed}
              aria-label={t('record_audio')}
              data-testid="composer-record"
            >
              {recorder.kind === 'starting' ? <CircularProgress size={16} /> : <Mic fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('insert_template')}>
          <span>
            <IconButton size="small" onClick={(e) => setTemplateAnchor(e.currentTarget)} disabled={recording || windowClosed} aria-label={t('insert_template')} data-testid="composer-template">
              <TextSnippet fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('schedule_message')}>
          <span>
            <IconButton
              size="small"
              onClick={(e) => openSchedule(e.currentTarget)}
              disabled={recording || windowClosed}
              color={scheduledAt ? 'primary' : 'default'}
              aria-label={t('schedule_message')}
              data-testid="composer-schedule"
            >
              <ScheduleSend fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        <TextField
          select
          size="small"
          value={channel}
          required
          error={channelError && !channel}
          onChange={(e) => {
            setChannel(e.target.value as TChannel);
            setChannelTouched(true);
            setChannelError(false);
          }}
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
        <Tooltip title={`${scheduledAt ? t('schedule_send') : t('send')} (Enter)`}>
          <span>
            <IconButton type="submit" color="primary" disabled={!sendable} aria-label={scheduledAt ? t('schedule_send') : t('send')} data-testid="composer-send" sx={{ ml: 0.5 }}>
              {sending ? <CircularProgress size={20} /> : scheduledAt ? <ScheduleSend /> : <Send />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Popover
        open={!!scheduleAnchor}
        anchorEl={scheduleAnchor}
        onClose={() => setScheduleAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, width: 300, display: 'flex', flexDirection: 'column', gap: 1.5 } } }}
      >
        <Typography variant="subtitle2">{t('schedule_message')}</Typography>
        <TextField
          type="datetime-local"
          size="small"
          label={t('date_and_time')}
          value={scheduleDraft}
          onChange={(e) => {
            setScheduleDraft(e.target.value);
            setScheduleError(null);
          }}
          error={!!scheduleError}
          helperText={scheduleError ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toLocalInputValue(new Date()), 'data-testid': 'composer-schedule-input' } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          {scheduledAt && (
            <Button
              onClick={() => {
                setScheduledAt(null);
                setScheduleAnchor(null);
              }}
            >
              {t('send_immediately')}
            </Button>
          )}
          <Button variant="contained" onClick={applySchedule} data-testid="composer-schedule-apply">
            {t('apply')}
          </Button>
        </Box>
      </Popover>
      <Menu
        open={!!templateAnchor}
        anchorEl={templateAnchor}
        onClose={() => setTemplateAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 380, maxHeight: 360 } } }}
        data-testid="composer-template-menu"
      >
        {templates.isPending && (
          <MenuItem disabled>
            <CircularProgress size={16} sx={{ mr: 1 }} /> {t('loading')}
          </MenuItem>
        )}
        {templates.isError && <MenuItem disabled>{t('templates_load_failed')}</MenuItem>}
        {templates.data?.length === 0 && <MenuItem disabled>{t('no_templates')}</MenuItem>}
        {templates.data?.map((tpl) => (
          <MenuItem key={tpl.id} onClick={() => insertTemplate(tpl.text)} data-testid={`composer-template-${tpl.id}`}>
            <ListItemText primary={tpl.text} slotProps={{ primary: { sx: { whiteSpace: 'normal', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', fontSize: 14 } } }} />
          </MenuItem>
        ))}
      </Menu>
      {send.isError && !(send.error instanceof ApiError && (send.error.status === 413 || (send.error.status === 422 && isWindowClosedError(send.error.body)))) && (
        <Typography variant="caption" color="error" component="p">
          <Close sx={{ fontSize: 12, verticalAlign: 'middle' }} /> {t('send_failed')}
        </Typography>
      )}
    </Box>
  );
}
