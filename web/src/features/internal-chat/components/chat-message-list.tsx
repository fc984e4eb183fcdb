import { useCallback, useMemo } from 'react';
import DoneAll from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TInternalChatMessage, TInternalChatThread } from '@cd/contracts/internal-chat';
import { DaySeparator } from '../../../components/ui/day-separator';
import { useCurrentUser } from '../../../lib/current-user';
import { useMessageListScroll } from '../../../lib/use-message-list-scroll';
import { useChatMessages } from '../api/get-chat-messages';
import { flattenMessages, seenBy } from '../lib/chat-cache';
import { buildTimeline } from '../lib/chat-timeline';
import { ChatBubble } from './chat-bubble';

function ListSkeleton() {
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-busy="true" data-testid="ichat-messages-loading">
      {[50, 35, 60, 40, 45].map((w, i) => (
        <Box key={i} sx={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start' }}>
          <Skeleton variant="rounded" width={`${w}%`} height={44} />
        </Box>
      ))}
    </Box>
  );
}

/** Who has read the chat up to its newest message, shown under the caller's newest message. */
function SeenNote({ thread, meId }: { thread: TInternalChatThread; meId: number }) {
  const { t } = useTranslation();
  const names = seenBy(thread, meId);
  if (!names.length) return null;
  const others = thread.users.filter((u) => u.id !== meId).length;
  const text = !thread.isGroup ? t('ichat_seen') : names.length === others ? t('ichat_seen_by_all') : t('ichat_seen_by', { names: names.join(', ') });
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: 'info.main' }} data-testid="ichat-seen">
      · <DoneAll sx={{ fontSize: 14 }} /> {text}
    </Box>
  );
}

/** The conversation: newest page first from the server, shown oldest → newest; older pages load at the top. */
export function ChatMessageList({ thread }: { thread: TInternalChatThread }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const query = useChatMessages(thread.id);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const items = useMemo(() => buildTimeline(messages, me.id), [messages, me.id]);
  const newest = messages[messages.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const isOwn = useCallback((m: TInternalChatMessage) => m.user?.id === me.id, [me.id]);
  const { scrollerRef, onScroll, onMediaLoad } = useMessageListScroll({ messages, listKey: thread.id, isOwn, hasNextPage, isFetchingNextPage, fetchNextPage });

  let content: React.ReactNode;
  if (query.isPending) content = <ListSkeleton />;
  else if (query.isError)
    content = (
      <Box sx={{ p: 2 }} data-testid="ichat-messages-error">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('messages_load_failed')}
        </Alert>
      </Box>
    );
  else if (messages.length === 0)
    content = (
      <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="ichat-messages-empty">
        <Typography>{t('ichat_no_messages_yet')}</Typography>
        <Typography variant="body2">{t('ichat_say_hello')}</Typography>
      </Box>
    );
  else
    content = (
      <Box sx={{ py: 1 }}>
        {isFetchingNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }} data-testid="ichat-loading-older">
            <CircularProgress size={20} aria-label={t('loading')} />
          </Box>
        )}
        {!hasNextPage && (
          <Typography variant="caption" component="p" sx={{ textAlign: 'center', color: 'text.disabled', py: 1 }}>
            {t('ichat_chat_start')}
          </Typography>
        )}
        {items.map((it) =>
          it.kind === 'day' ? (
            <DaySeparator key={`d-${it.day}`} day={it.day} testId={`ichat-day-${it.day}`} />
          ) : (
            <ChatBubble
              key={it.message.id}
              message={it.message}
              own={it.own}
              showSender={thread.isGroup && !it.own}
              firstOfRun={it.firstOfRun}
              lastOfRun={it.lastOfRun}
              footer={it.own && it.message.id === newest?.id ? <SeenNote thread={thread} meId={me.id} /> : undefined}
            />
          ),
        )}
      </Box>
    );

  return (
    <Box
      ref={scrollerRef}
      onScroll={onScroll}
      onLoadCapture={onMediaLoad}
      data-testid="ichat-messages"
      role="log"
      aria-live="polite"
      aria-label={t('ichat_conversation')}
      tabIndex={0}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', bgcolor: 'background.default', outline: 'none' }}
    >
      {content}
    </Box>
  );
}
