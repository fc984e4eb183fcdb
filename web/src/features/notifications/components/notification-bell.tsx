import { lazy, Suspense, useEffect, useState } from 'react';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadNotificationCount } from '../api/get-unread-count';
import { useAltHotkey } from '../hooks/use-hotkey';
import { dismissNotificationToasts } from '../hooks/live-updates';
import { setNotificationNavigator } from '../lib/open-notification';
import { LazyPopover, preloadPopover } from '../../../components/ui/lazy-overlay';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';

// The centre's list, menus and dialogs (and its popover) load when the bell is first pointed at, focused or opened.
const loadCenter = () => import('./notification-center');
const NotificationCenter = lazy(() => loadCenter().then((m) => ({ default: m.NotificationCenter })));
const preloadCentre = () => {
  void loadCenter();
  preloadPopover();
};

/** Holds the centre's width while its code arrives, so the popover is placed for it (the popover does not re-place). */
function CenterPlaceholder() {
  return (
    <Box sx={{ width: { xs: 'calc(100vw - 32px)', sm: 400 }, height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={24} />
    </Box>
  );
}

/** The top bar's bell: unread badge, opens the notification centre (also with Alt+T). */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadNotificationCount();
  // The popover's anchor is read while rendering, so it is state set by a callback ref rather than a ref object.
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  useAltHotkey('KeyT', () => setOpen((o) => !o));
  useEffect(() => setNotificationNavigator((path) => void navigate(path)), [navigate]);
  useEffect(() => {
    if (open) dismissNotificationToasts();
  }, [open]);
  const label = unread > 0 ? `${t('notifications')} (${t('notifications_unread_count', { count: unread })})` : t('notifications');

  return (
    <>
      <LazyTooltip title={t('notifications_hotkey_hint')}>
        <IconButton
          ref={setButton}
          type="button"
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-keyshortcuts="Alt+T"
          data-testid="notification-bell"
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={preloadCentre}
          onFocus={preloadCentre}
        >
          <Badge badgeContent={unread} color="error" max={99} invisible={unread === 0} slotProps={{ badge: { 'data-testid': 'notification-badge' } as object }}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </LazyTooltip>
      <LazyPopover
        open={open}
        anchorEl={button}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1 }, role: 'dialog', 'aria-label': t('notifications') } as object }}
      >
        <Suspense fallback={<CenterPlaceholder />}>
          <NotificationCenter unread={unread} onNavigate={() => setOpen(false)} />
        </Suspense>
      </LazyPopover>
    </>
  );
}
