import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { ListRow } from '../../../components/ui/list-row';
import { useListTimeLabel } from '../../../lib/use-list-time-label';
import { isUnreadFor, personName, threadTitle } from '../lib/chat-cache';
import { ChatAvatar } from './chat-avatar';

export const THREAD_ROW_HEIGHT = 72;

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
    <ListRow
      optionId={`ichat-thread-option-${thread.id}`}
      testId={`ichat-thread-${thread.id}`}
      style={style}
      selected={selected}
      active={active}
      unread={unread}
      onOpen={() => onOpen(thread)}
      avatar={<ChatAvatar thread={thread} meId={meId} />}
      title={title}
      titleTestId="ichat-thread-title"
      time={timeLabel(last?.sentAt ?? thread.bumpedAt, now)}
      preview={preview}
      previewTestId="ichat-thread-preview"
      previewPlaceholder={!last}
      hasAttachment={!!last?.hasAttachments}
      unreadDotTestId="ichat-unread-dot"
    />
  );
});
