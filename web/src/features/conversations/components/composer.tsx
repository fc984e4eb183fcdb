import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Close from '@mui/icons-material/Close';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TChannel, TCustomer } from '@cd/contracts/customer';
import { PendingFileChips } from '../../../components/ui/pending-file-chips';
import { ApiError } from '../../../lib/api-client';
import { withinAttachmentLimit } from '../../../lib/attachments';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { checkSchedule } from '../../../lib/schedule';
import { toastError, toastUploadError } from '../../../lib/toast';
import { useFilePicker } from '../../../lib/use-file-picker';
import { useSendMessage } from '../api/send-message';
import { useAudioRecorder } from '../hooks/use-audio-recorder';
import { useWhatsAppWindowState } from '../hooks/use-whatsapp-window-state';
import { applyRecording, canSend, defaultChannel } from '../lib/composer-rules';
import { isWindowClosedError } from '../lib/whatsapp-window';
import { ComposerRecordingBar } from './composer-recording-bar';
import { ComposerSendBar } from './composer-send-bar';
import { ComposerWhatsAppInvite } from './composer-whatsapp-invite';
import { SuggestedReplies, type TUsedSuggestion } from './suggested-replies';
import { useRecordSuggestionEvent } from '../api/record-suggestion-event';

/** Message composer: text, attachments, audio clip, template, schedule, channel (spec part 1 §5). */
export function Composer({ customer }: { customer: TCustomer }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // The server lists what the company can send through now, best first; website chat reaches only a chat visitor.
  const available = (me.companyData?.channels ?? []).filter((c) => c !== 'webchat' || customer.preferredChannel === 'webchat');
  const send = useSendMessage();
  // The suggestion (issue 21) the draft came from: a send with it counts as taken.
  const [usedSuggestion, setUsedSuggestion] = useState<TUsedSuggestion | null>(null);
  const recordSuggestion = useRecordSuggestionEvent();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  // null = not picked: the channel follows the customer's preference (and the company's channels) until the user picks.
  const [pickedChannel, setPickedChannel] = useState<TChannel | null>(null);
  const channel = pickedChannel ?? defaultChannel(customer.preferredChannel, available);
  const [channelError, setChannelError] = useState(false);
  // null = the default invite text; it is derived so that it follows the company name and language.
  const [inviteDraft, setInviteDraft] = useState<string | null>(null);
  const inviteText = inviteDraft ?? t('whatsapp_invite_default', { company: me.companyData?.name ?? '' });
  const input = useRef<HTMLTextAreaElement | null>(null);
  const { fileInput, openPicker, onPickFiles } = useFilePicker({ files, onChange: setFiles });
  const {
    recorder,
    elapsed,
    start: startRecording,
    stop: stopRecording,
  } = useAudioRecorder({
    onClip: (clip) => {
      // Spec part 1 §5: the clip replaces all other attachments and clears the draft text.
      const next = applyRecording({ text, files }, clip);
      setText(next.text);
      setFiles(next.files);
    },
  });
  const { windowClosed, markServerClosed } = useWhatsAppWindowState(customer.id, channel);

  // New customer → fresh draft. Reset while rendering (React's "adjusting state when a prop changes") rather than in an
  // effect, so the old customer's draft is never painted for the new one.
  const [draftFor, setDraftFor] = useState(customer.id);
  if (draftFor !== customer.id) {
    setDraftFor(customer.id);
    setText('');
    setFiles([]);
    setScheduledAt(null);
    setPickedChannel(null);
    setChannelError(false);
    setInviteDraft(null);
    setUsedSuggestion(null);
  }
  useEffect(() => input.current?.focus(), [customer.id]);

  const sending = send.isPending;
  const sendable = canSend({ text, files }, sending) && recorder.kind === 'idle' && !windowClosed;

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
          if (usedSuggestion) recordSuggestion.mutate({ action: 'sent', ...usedSuggestion });
          setUsedSuggestion(null);
          setText('');
          setFiles([]);
          setScheduledAt(null);
          input.current?.focus();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 413) toastUploadError(t('err_total_attachment_size'));
          if (err instanceof ApiError && err.status === 422 && channel === 'whatsapp' && isWindowClosedError(err.body)) markServerClosed();
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

  const insertTemplate = (value: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + value + text.slice(end));
    window.setTimeout(() => {
      el?.focus();
      el?.setSelectionRange(start + value.length, start + value.length);
    }, 0);
  };

  const tooBig = !withinAttachmentLimit(files);
  const sendFailed =
    send.isError && !(send.error instanceof ApiError && (send.error.status === 413 || (send.error.status === 422 && isWindowClosedError(send.error.body))));

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
      {!windowClosed && recorder.kind !== 'recording' && (
        <SuggestedReplies
          customer={customer}
          disabled={sending}
          onInsert={(value, used) => {
            setUsedSuggestion(used);
            setText(value);
            window.setTimeout(() => {
              input.current?.focus();
              input.current?.setSelectionRange(value.length, value.length);
            }, 0);
          }}
        />
      )}
      {windowClosed ? (
        <ComposerWhatsAppInvite customerId={customer.id} text={inviteText} onTextChange={setInviteDraft} onSent={() => setInviteDraft(null)} />
      ) : recorder.kind === 'recording' ? (
        <ComposerRecordingBar elapsed={elapsed} onStop={stopRecording} />
      ) : (
        <TextField
          inputRef={input}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value.trim()) setUsedSuggestion(null);
          }}
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
      <ComposerSendBar
        fileInput={fileInput}
        onPickFiles={onPickFiles}
        openPicker={openPicker}
        recorder={recorder}
        onRecord={() => void startRecording()}
        onPickTemplate={insertTemplate}
        scheduledAt={scheduledAt}
        onScheduleChange={setScheduledAt}
        available={available}
        channel={channel}
        channelError={channelError}
        onChannelChange={(c) => {
          setPickedChannel(c);
          setChannelError(false);
        }}
        windowClosed={windowClosed}
        sendable={sendable}
        sending={sending}
      />
      {sendFailed && (
        <Typography variant="caption" color="error" component="p">
          <Close sx={{ fontSize: 12, verticalAlign: 'middle' }} /> {t('send_failed')}
        </Typography>
      )}
    </Box>
  );
}
