import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '@cd/contracts/notification';
import { formatDateTime } from '../../../lib/format';

interface TProps {
  notification: TNotification;
  onOpen: () => void;
  onToggleRead: () => void;
  onDelete: () => void;
}

/** One row of the notification centre; unread rows are tinted, marked with a dot and bold. */
export function NotificationItem({ notification: n, onOpen, onToggleRead, onDelete }: TProps) {
  const { t } = useTranslation();
  const unread = !n.readAt;
  return (
    <ListItem
      disablePadding
      data-testid={`notification-${n.id}`}
      data-unread={unread ? 'true' : 'false'}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: unread ? 'action.selected' : 'transparent',
        '&:hover .notification-actions, &:focus-within .notification-actions': { opacity: 1 },
      }}
      secondaryAction={
        <Box className="notification-actions" sx={{ display: 'flex', opacity: { xs: 1, md: 0.35 }, transition: 'opacity 120ms' }}>
          <Tooltip title={unread ? t('notifications_mark_read') : t('notifications_mark_unread')}>
            <IconButton size="small" edge="end" onClick={onToggleRead} aria-label={unread ? t('notifications_mark_read') : t('notifications_mark_unread')} data-testid="notification-toggle-read">
              {unread ? <DraftsOutlined fontSize="small" /> : <MarkEmailUnreadOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
          <Tooltip title={t('notifications_delete')}>
            <IconButton size="small" edge="end" onClick={onDelete} aria-label={t('notifications_delete')} data-testid="notification-delete" sx={{ ml: 0.5 }}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      }
    >
      <ListItemButton onClick={onOpen} sx={{ alignItems: 'flex-start', gap: 1.25, py: 1.25, pr: 11 }} data-testid="notification-open">
        <Box
          aria-hidden
          sx={{ mt: 0.9, width: 8, height: 8, flexShrink: 0, borderRadius: '50%', bgcolor: unread ? 'primary.main' : 'transparent' }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500, wordBreak: 'break-word' }}>
            {n.title}
          </Typography>
          {n.body && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' }}
            >
              {n.body}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(n.createdAt)}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
