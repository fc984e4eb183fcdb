import type { TNotification } from '@cd/contracts/notification';

/**
 * A live notification as a toast: its title and the start of its text. Plain elements: the toast container lives
 * outside the MUI theme, and react-toastify's own theme (dark/light) styles the text.
 */
export function NotificationToast({ notification }: { notification: Pick<TNotification, 'id' | 'title' | 'body'> }) {
  return (
    <div data-testid={`notification-toast-${notification.id}`} style={{ minWidth: 0, cursor: 'pointer', lineHeight: 1.35 }}>
      <div style={{ fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{notification.title}</div>
      {notification.body && (
        <div style={{ opacity: 0.8, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' }}>
          {notification.body}
        </div>
      )}
    </div>
  );
}
