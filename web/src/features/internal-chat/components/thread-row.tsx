import { memo, type CSSProperties } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { listTime } from '../../../lib/message-time';
import { isUnreadFor, personName, threadTitle } from '../lib/chat-cache';
import { ChatAvatar } from './chat-avatar';

export const THREAD_ROW_HEIGHT = 72;

export function useListTimeLabel() {
  const { t } = useTranslation();
  return (iso: string | null | undefined, now: Date) => {
    const v = listTime(iso, now);
    switch (v.kind) {
      case 'none':
        return '';
      case 'now':
        return t('time_just_now');
      case 'minutes':
        return t('time_minutes_ago', { count: v.count });
      case 'hours':
        return t('time_hours_ago', { count: v.count });
      default:
        return v.text;
    }
  };
}

interface TProps {
  thread: TInternalChatThread;
  meId: number;
  style: CSSProperties;
  selected: boolean;
  active: boolean;
  now: Date;
  onOpen: (t: TInternalChatThread) => void;
}

/** One chat in the list: unread chats in bold with a dot; the newest message as a preview. */
export const ThreadRow = memo(function ThreadRow({ thread, meId, style, selected, active, now, onOpen }: TProps) {
  const { t } = useTranslation();
  const timeLabel = useListTimeLabel();
  const unread = isUnreadFor(thread, meId);
  const title = threadTitle(thread, meId) ?? t('ichat_deleted_user');
  const last = thread.lastMessage;
  const sender = last ? (last.userId === meId ? t('you') : thread.isGroup ? personName(thread.users.find((u) => u.id === last.userId)) : '') : '';
  const text = last ? last.content?.trim() || (last.hasAttachments ? t('attachment') : '') : t('ichat_no_messages_yet');
  const preview = sender ? `${sender}: ${text}` : text;
  return (
    <Box
      role="option"
      id={`ichat-thread-option-${thread.id}`}
      aria-selected={selected}
      data-testid={`ichat-thread-${thread.id}`}
      data-unread={unread ? 'true' : 'false'}
      onClick={() => onOpen(thread)}
      style={style}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.1) : 'transparent',
        outline: active ? `2px solid ${theme.palette.primary.main}` : 'none',
        outlineOffset: -2,
        '&:hover': { bgcolor: selected ? undefined : theme.palette.action.hover },
      })}
    >
      <ChatAvatar thread={thread} meId={meId} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography noWrap sx={{ fontWeight: unread ? 700 : 500, flex: 1, minWidth: 0 }} title={title} data-testid="ichat-thread-title">
            {title}
          </Typography>
          <Typography variant="caption" noWrap sx={{ flexShrink: 0, color: unread ? 'primary.main' : 'text.secondary', fontWeight: unread ? 600 : 400 }}>
            {timeLabel(last?.sentAt ?? thread.bumpedAt, now)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {last?.hasAttachments && <AttachFile sx={{ fontSize: 14, color: 'text.secondary' }} aria-label={t('attachment')} />}
          <Typography
            variant="body2"
            noWrap
            sx={{ flex: 1, minWidth: 0, color: unread ? 'text.primary' : 'text.secondary', fontWeight: unread ? 600 : 400, fontStyle: last ? undefined : 'italic' }}
            data-testid="ichat-thread-preview"
          >
            {preview}
          </Typography>
          {unread && <Box component="span" aria-label={t('unread')} data-testid="ichat-unread-dot" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} />}
        </Box>
      </Box>
    </Box>
  );
});
