import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useIsMobile } from '../../lib/use-is-mobile';
import { GlobalBanners } from './banners';
import { isMobileRoute, MOBILE_HOME } from './mobile-routes';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useUnreadCount } from '../../features/conversations/api/get-read-state';
import { useChatUnreadCount } from '../../features/internal-chat/api/get-chat-read-state';
import { usePushRegistration } from '../../features/notifications/hooks/use-push-registration';
import { recordActivePage } from '../../features/active-page/api/record-active-page';
import { useActivePage } from './use-active-page';
import { useCurrentUser } from './current-user';
import { useLiveUpdates } from './use-live-updates';
import { useDocumentTitle, useSingleTabGuard, useSyncPreferences, useTrayAppAction } from './use-shell-effects';

// Only phones use the swipe drawer (SwipeableDrawer alone is about 5 KB gzip): desktops never load it.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

/** Signed-in layout: top bar, side menu (or the mobile drawer), global banners, then the page. */
export function AppShell() {
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const me = useCurrentUser();
  const unread = useUnreadCount(me.roles.includes('ROLE_COMMUNICATION'));
  // Only for those who see the menu item (it needs the role); mobile has no internal chat.
  const chatUnread = useChatUnreadCount(!mobile && me.roles.includes('ROLE_INTERNAL_CHAT'));
  useDocumentTitle(unread);
  useLiveUpdates();
  useSyncPreferences();
  useTrayAppAction();
  useSingleTabGuard();
  usePushRegistration();
  // An impersonating admin is not the user: their screen must not hold back the user's notifications.
  useActivePage({ enabled: !me.impersonator && me.companyData !== null, send: recordActivePage });

  const fullHeight = /^\/(communication|simulator|internal-chat)(\/|$)/.test(pathname);

  // Mobile layout has only the inbox flow; everything else (including / and /communication) goes to the inbox.
  if (mobile && !isMobileRoute(pathname)) return <Navigate to={MOBILE_HOME} replace />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar mobile={mobile} onOpenDrawer={() => setDrawerOpen(true)} />
      {mobile ? (
        <Suspense fallback={null}>
          <MobileDrawer
            unread={unread}
            showCalendar={me.roles.includes('ROLE_APPOINTMENTS')}
            open={drawerOpen}
            onOpen={() => setDrawerOpen(true)}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      ) : (
        <SideMenu unread={unread} chatUnread={chatUnread} />
      )}
      {/* Conversation screens fill the viewport and scroll inside their panes. */}
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', ...(fullHeight ? { height: '100dvh', overflow: 'hidden' } : {}) }}
      >
        <Toolbar />
        <GlobalBanners />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
