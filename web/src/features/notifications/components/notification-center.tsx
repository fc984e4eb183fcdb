import { useState } from 'react';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '@cd/contracts/notification';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useSetNotificationRead } from '../api/set-notification-read';
import { openNotification } from '../hooks/live-updates';
import { flattenNotifications } from '../lib/notification-cache';
import { NotificationItem } from './notification-item';

/** The notification centre's content: newest first, load more, mark all read, delete (with confirmation). */
export function NotificationCenter({ unread, onNavigate }: { unread: number; onNavigate: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useNotifications(true);
  const setRead = useSetNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const [toDelete, setToDelete] = useState<TNotification | null>(null);
  const items = flattenNotifications(list.data);

  return (
    <Box sx={{ width: { xs: 'calc(100vw - 32px)', sm: 400 }, maxHeight: 'min(620px, calc(100vh - 96px))', display: 'flex', flexDirection: 'column' }} data-testid="notification-center">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('notifications')}
        </Typography>
        {unread > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid="notification-center-unread">
            {t('notifications_unread_count', { count: unread })}
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<DoneAll fontSize="small" />}
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="notifications-mark-all-read"
        >
          {t('notifications_mark_all_read')}
        </Button>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 5 }} data-testid="notifications-loading">
            <CircularProgress size={28} aria-label={t('loading')} />
          </Box>
        ) : list.isError && items.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4, px: 3 }} data-testid="notifications-error">
            <Typography variant="body2" sx={{ mb: 1.5 }}>
              {t('notifications_load_failed')}
            </Typography>
            <Button variant="outlined" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Box>
        ) : items.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 5, px: 3, color: 'text.secondary' }} data-testid="notifications-empty">
            <NotificationsNoneOutlined sx={{ fontSize: 40, mb: 1, opacity: 0.6 }} />
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {t('notifications_empty')}
            </Typography>
            <Typography variant="body2">{t('notifications_empty_hint')}</Typography>
          </Box>
        ) : (
          <List disablePadding aria-label={t('notifications')}>
            {items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onOpen={() => {
                  openNotification(queryClient, n);
                  if (n.link) onNavigate();
                }}
                onToggleRead={() => setRead.mutate({ id: n.id, read: !n.readAt })}
                onDelete={() => setToDelete(n)}
              />
            ))}
          </List>
        )}
        {list.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
            <Button size="small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="notifications-load-more">
              {list.isFetchingNextPage ? t('loading') : t('load_more')}
            </Button>
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('notifications_delete_confirm')}
        text={toDelete ? `${toDelete.title}${toDelete.body ? ` — ${toDelete.body}` : ''}` : ''}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </Box>
  );
}
