import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TNotification } from '@cd/contracts/notification';

/** A live notification as a toast: its title and the start of its text. */
export function NotificationToast({ notification }: { notification: Pick<TNotification, 'id' | 'title' | 'body'> }) {
  return (
    <Box data-testid={`notification-toast-${notification.id}`} sx={{ minWidth: 0, cursor: 'pointer' }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>
        {notification.title}
      </Typography>
      {notification.body && (
        <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' }}>
          {notification.body}
        </Typography>
      )}
    </Box>
  );
}
