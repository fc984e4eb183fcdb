import { useEffect, useRef } from 'react';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { findInPages } from '../../../lib/paged-list';
import { toastSuccess } from '../../../lib/toast';
import { useThread } from '../api/get-thread';
import { internalChatKeys } from '../api/query-keys';
import { useSetThreadRead } from '../api/set-thread-read';
import { isUnreadFor, type TThreadList } from '../lib/chat-cache';
import { ChatComposer } from './chat-composer';
import { ChatHeader } from './chat-header';
import { ChatMessageList } from './chat-message-list';

/** A thread already in a loaded list, so the header shows at once while the detail loads. */
function useListedThread(id: number): TInternalChatThread | undefined {
  const queryClient = useQueryClient();
  for (const [, list] of queryClient.getQueriesData<TThreadList>({ queryKey: internalChatKeys.lists })) {
    const found = list ? findInPages(list, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

export function ChatUnavailable({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, p: 3, color: 'text.secondary', textAlign: 'center' }} data-testid="ichat-unavailable">
      <ForumOutlined sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography>{notFound ? t('ichat_chat_not_found') : t('ichat_chat_load_failed')}</Typography>
      {notFound ? (
        <Button component={RouterLink} to="/internal-chat" variant="outlined">
          {t('ichat_back_to_chats')}
        </Button>
      ) : (
        <Button onClick={onRetry} variant="outlined">
          {t('retry')}
        </Button>
      )}
    </Box>
  );
}

/** /internal-chat/{threadId}: header, messages, composer. Opening the chat marks it read. */
export function ChatConversation({ threadId }: { threadId: number }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const listed = useListedThread(threadId);
  const query = useThread(threadId);
  const setRead = useSetThreadRead();
  const markedUnread = useRef(false);
  const { mutate } = setRead;
  const thread = query.data ?? (query.isError ? undefined : listed);
  const unread = query.data ? isUnreadFor(query.data, me.id) : false;

  // New messages while the chat is open are read at once, unless the user just marked it unread on purpose.
  useEffect(() => {
    if (unread && !markedUnread.current) mutate({ id: threadId, read: true });
  }, [unread, threadId, mutate]);

  const markUnread = () => {
    markedUnread.current = true;
    mutate({ id: threadId, read: false }, { onSuccess: () => toastSuccess(t('ichat_marked_unread')) });
  };

  if (query.isError && !query.data)
    return <ChatUnavailable notFound={query.error instanceof ApiError && query.error.status === 404} onRetry={() => void query.refetch()} />;

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="ichat-conversation">
      {thread ? (
        <>
          <ChatHeader thread={thread} onMarkUnread={markUnread} />
          <ChatMessageList thread={thread} />
          <ChatComposer threadId={threadId} />
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }} aria-busy="true">
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width={180} />
            <Skeleton width={120} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
