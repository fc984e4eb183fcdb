import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INTERNAL_CHAT_CONTENT_MAX } from '@cd/contracts/internal-chat';
import { PendingFileChips } from '../../../components/ui/pending-file-chips';
import { ApiError } from '../../../lib/api-client';
import { ACCEPT_ATTRIBUTE, withinAttachmentLimit } from '../../../lib/attachments';
import { toastError } from '../../../lib/toast';
import { useFilePicker } from '../../../lib/use-file-picker';
import { useSendChatMessage } from '../api/send-chat-message';
import { sendCheck } from '../lib/attachment-rules';

/** Text (Enter sends, Shift+Enter adds a line) and attachments under the total size rule (spec part 1 §5). */
export function ChatComposer({ threadId }: { threadId: number }) {
  const { t } = useTranslation();
  const send = useSendChatMessage();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [serverTooLarge, setServerTooLarge] = useState(false);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const { fileInput, openPicker, onPickFiles } = useFilePicker({
    files,
    onChange: (next) => {
      setFiles(next);
      setServerTooLarge(false);
    },
  });

  useEffect(() => input.current?.focus(), [threadId]);

  const tooBig = !withinAttachmentLimit(files) || serverTooLarge;
  const sending = send.isPending;

  const submit = () => {
    if (sending) return;
    const check = sendCheck({ text, files });
    if (check === 'empty') return;
    if (check === 'too_large') {
      toastError(t('err_total_attachment_size'));
      return;
    }
    send.mutate(
      { threadId, content: text.trim(), files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setServerTooLarge(false);
          input.current?.focus();
        },
        onError: (err) => {
          // Spec part 1 §5/§8: a server 413 on an internal message shows the same error as the local check.
          if (err instanceof ApiError && err.status === 413) {
            setServerTooLarge(true);
            toastError(t('err_total_attachment_size'));
          }
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

  const removeFile = (i: number) => {
    setFiles(files.filter((_, j) => j !== i));
    setServerTooLarge(false);
  };

  const canSend = !sending && (text.trim() !== '' || files.length > 0) && !tooBig;

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="ichat-composer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 2, pt: 1, pb: 1 }}
    >
      {files.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mb: 1 }} data-testid="ichat-composer-files">
          <PendingFileChips files={files} tooBig={tooBig} onRemove={removeFile} />
        </Box>
      )}
      {tooBig && (
        <Typography variant="caption" color="error" component="p" sx={{ mb: 0.5 }} role="alert" data-testid="ichat-too-large">
          {t('err_total_attachment_size')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <input ref={fileInput} type="file" multiple hidden accept={ACCEPT_ATTRIBUTE} onChange={(e) => onPickFiles(e.target.files)} data-testid="ichat-file-input" />
        <Tooltip title={t('attach_files')}>
          <IconButton onClick={openPicker} aria-label={t('attach_files')} data-testid="ichat-attach">
            <AttachFile />
          </IconButton>
        </Tooltip>
        <TextField
          inputRef={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('type_a_message')}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'data-testid': 'ichat-input', 'aria-label': t('ichat_message'), maxLength: INTERNAL_CHAT_CONTENT_MAX } }}
        />
        <Tooltip title={t('send')}>
          <span>
            <IconButton type="submit" color="primary" disabled={!canSend} aria-label={t('send')} data-testid="ichat-send">
              {sending ? <CircularProgress size={22} /> : <Send />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
