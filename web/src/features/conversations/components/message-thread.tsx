import { useMemo, useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TMessage } from '@cd/contracts/message';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DaySeparator } from '../../../components/ui/day-separator';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useMessageListScroll } from '../../../lib/use-message-list-scroll';
import { useMessages } from '../api/get-messages';
import { useMessageAction } from '../api/message-actions';
import { useFocusMessage } from '../hooks/use-focus-message';
import { flattenMessages } from '../lib/live-cache';
import { buildThread } from '../lib/thread';
import { MessageBubble } from './message-bubble';

/** Sending a message follows it to the end of the thread. */
const isOutbound = (m: TMessage) => m.direction === 'OUTBOUND';

function ThreadSkeleton() {
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-busy="true" data-testid="messenger-loading">
      {[55, 35, 65, 40, 50].map((w, i) => (
        <Box key={i} sx={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start' }}>
          <Skeleton variant="rounded" width={`${w}%`} height={44} />
        </Box>
      ))}
    </Box>
  );
}

/** The conversation: newest page first from the server, shown oldest → newest; older pages load at the top. */
export function MessageThread({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const query = useMessages(customerId);
  const action = useMessageAction(customerId);
  const [toRemove, setToRemove] = useState<TMessage | null>(null);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const { items, scheduled } = useMemo(() => buildThread(messages), [messages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const { scrollerRef, onScroll, onMediaLoad } = useMessageListScroll({ messages, listKey: customerId, isOwn: isOutbound, hasNextPage, isFetchingNextPage, fetchNextPage });
  // A search hit opens the thread at its message (`?message=<id>`), marked.
  const focusedId = useFocusMessage({ messages, scrollerRef, hasNextPage, isFetchingNextPage, fetchNextPage });

  const busyId = action.isPending ? action.variables?.id : undefined;
  const resend = (m: TMessage) => action.mutate({ id: m.id, action: 'retry' });

  let content: React.ReactNode;
  if (query.isPending) content = <ThreadSkeleton />;
  else if (query.isError)
    content = (
      <Box sx={{ p: 2 }} data-testid="messenger-error">
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
      <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="messenger-empty">
        <Typography>{t('no_messages_yet')}</Typography>
        <Typography variant="body2">{t('start_conversation_hint')}</Typography>
      </Box>
    );
  else
    content = (
      <Box sx={{ py: 1 }}>
        {isFetchingNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }} data-testid="messenger-loading-older">
            <CircularProgress size={20} aria-label={t('loading')} />
          </Box>
        )}
        {!hasNextPage && (
          <Typography variant="caption" component="p" sx={{ textAlign: 'center', color: 'text.disabled', py: 1 }}>
            {t('conversation_start')}
          </Typography>
        )}
        {items.map((it) =>
          it.kind === 'day' ? (
            <DaySeparator key={`d-${it.day}`} day={it.day} testId={`day-separator-${it.day}`} />
          ) : (
            <MessageBubble key={it.message.id} message={it.message} onResend={resend} resending={busyId === it.message.id} />
          ),
        )}
        {scheduled.length > 0 && (
          <Box data-testid="scheduled-messages" sx={{ mt: 2 }}>
            <Divider sx={{ mx: 2, mb: 1 }}>
              <Typography variant="caption" color="primary" sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.6 }}>
                {t('scheduled_messages')}
              </Typography>
            </Divider>
            {scheduled.map((m) => (
              <MessageBubble key={m.id} message={m}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                  <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
                    {t('scheduled_for', { date: formatDateTime(m.scheduledAt) })}
                  </Typography>
                  <Button
                    size="small"
                    startIcon={<Send sx={{ fontSize: 16 }} />}
                    disabled={busyId === m.id}
                    onClick={() => action.mutate({ id: m.id, action: 'send_scheduled' }, { onSuccess: () => toastSuccess(t('scheduled_sent_now')) })}
                    data-testid={`scheduled-send-now-${m.id}`}
                  >
                    {t('send_now')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutline sx={{ fontSize: 16 }} />}
                    disabled={busyId === m.id}
                    onClick={() => setToRemove(m)}
                    data-testid={`scheduled-remove-${m.id}`}
                  >
                    {t('remove')}
                  </Button>
                </Box>
              </MessageBubble>
            ))}
          </Box>
        )}
      </Box>
    );

  return (
    <Box
      ref={scrollerRef}
      onScroll={onScroll}
      onLoadCapture={onMediaLoad}
      data-testid="messenger-thread"
      role="log"
      aria-live="polite"
      aria-label={t('conversation')}
      tabIndex={0}
      data-focused-message={focusedId ?? undefined}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        bgcolor: 'background.default',
        outline: 'none',
        ...(focusedId !== null ? { [`& [data-testid="message-${focusedId}"]`]: { outline: '2px solid', outlineColor: 'warning.main', outlineOffset: 2, borderRadius: 1 } } : {}),
      }}
    >
      {content}
      <ConfirmDialog
        open={!!toRemove}
        title={t('remove_scheduled_title')}
        text={t('remove_scheduled_confirm')}
        confirmLabel={t('remove')}
        busy={action.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          action.mutate(
            { id: toRemove.id, action: 'remove_scheduled' },
            {
              onSuccess: () => {
                toastSuccess(t('scheduled_removed'));
                setToRemove(null);
              },
              onError: () => setToRemove(null),
            },
          )
        }
      />
    </Box>
  );
}
