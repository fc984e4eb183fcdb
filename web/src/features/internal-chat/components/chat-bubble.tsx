import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TInternalChatMessage } from '@cd/contracts/internal-chat';
import { AttachmentList } from '../../../components/ui/attachment-list';
import { formatDateTime } from '../../../lib/format';
import { personName } from '../lib/chat-cache';

interface TProps {
  message: TInternalChatMessage;
  own: boolean;
  /** Group chats name the sender above the first message of each run of theirs. */
  showSender: boolean;
  firstOfRun: boolean;
  lastOfRun: boolean;
  footer?: ReactNode;
}

/** One message: own on the right in the primary colour, others on the left; the time under each run. */
export function ChatBubble({ message: m, own, showSender, firstOfRun, lastOfRun, footer }: TProps) {
  const { t } = useTranslation();
  const hasText = !!m.content?.trim();
  return (
    <Box
      data-testid={`ichat-message-${m.id}`}
      data-own={own ? 'true' : 'false'}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start', mt: firstOfRun ? 1.25 : 0.25, px: 2 }}
    >
      {showSender && firstOfRun && (
        <Typography variant="caption" sx={{ px: 1.5, mb: 0.25, fontWeight: 600, color: 'text.secondary' }} data-testid="ichat-message-sender">
          {m.user ? personName(m.user) : t('ichat_deleted_user')}
        </Typography>
      )}
      {(hasText || !m.attachments.length) && (
        <Tooltip title={formatDateTime(m.sentAt)} placement={own ? 'left' : 'right'} enterDelay={600}>
          <Box
            sx={(theme) => ({
              maxWidth: { xs: '85%', md: '70%' },
              px: 1.5,
              py: 1,
              borderRadius: 2.5,
              borderBottomRightRadius: own && lastOfRun ? 4 : undefined,
              borderBottomLeftRadius: !own && lastOfRun ? 4 : undefined,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: own ? theme.palette.primary.main : theme.palette.mode === 'dark' ? theme.palette.grey[800] : theme.palette.grey[200],
              color: own ? theme.palette.primary.contrastText : theme.palette.text.primary,
            })}
          >
            <Typography variant="body2" component="div" sx={{ fontSize: 14.5, lineHeight: 1.45 }} data-testid="ichat-message-content">
              {hasText ? m.content : t('no_text')}
            </Typography>
          </Box>
        </Tooltip>
      )}
      <AttachmentList attachments={m.attachments} alignEnd={own} testIdPrefix="ichat-attachment" download />
      {lastOfRun && (
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mt: 0.25, px: 0.5, display: 'flex', gap: 0.75 }}>
          <span title={formatDateTime(m.sentAt)}>{dayjs(m.sentAt).format('h:mm A')}</span>
          {footer}
        </Typography>
      )}
    </Box>
  );
}
