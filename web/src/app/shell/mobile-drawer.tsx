import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Logout from '@mui/icons-material/Logout';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { useLogout } from '../../features/auth/api/logout';
import { MOBILE_HOME } from './mobile-routes';

interface TProps {
  unread: number;
  /** The appointments calendar (the appointments role; an advisor checks the day from the shop floor). */
  showCalendar: boolean;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/** Mobile layout (spec part 1 §2): swipe-open drawer with the communication item, the calendar for its role, and logout. */
export function MobileDrawer({ unread, showCalendar, open, onOpen, onClose }: TProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const logout = useLogout();
  return (
    <SwipeableDrawer anchor="left" open={open} onOpen={onOpen} onClose={onClose} swipeAreaWidth={15} data-testid="mobile-drawer">
      <Box sx={{ width: 260 }} role="presentation">
        <Box sx={{ p: 2 }}>
          <Logo size={30} />
        </Box>
        <Divider />
        <List component="nav" aria-label={t('main_menu')}>
          <ListItemButton
            component={RouterLink}
            to={MOBILE_HOME}
            selected={pathname.startsWith('/communication')}
            onClick={onClose}
            data-testid="side-menu-item-inbox"
          >
            <ListItemIcon>
              {unread > 0 ? (
                <Badge badgeContent={unread} color="error" max={99} data-testid="unread-badge" aria-label={t('unread_count', { count: unread })}>
                  <ChatOutlined />
                </Badge>
              ) : (
                <ChatOutlined />
              )}
            </ListItemIcon>
            <ListItemText primary={t('menu_inbox')} />
          </ListItemButton>
          {showCalendar && (
            <ListItemButton
              component={RouterLink}
              to="/appointments"
              selected={pathname.startsWith('/appointments')}
              onClick={onClose}
              data-testid="side-menu-item-appointments"
            >
              <ListItemIcon>
                <CalendarMonthOutlined />
              </ListItemIcon>
              <ListItemText primary={t('menu_appointments_calendar')} />
            </ListItemButton>
          )}
          <ListItemButton onClick={() => logout.mutate()} disabled={logout.isPending} data-testid="mobile-logout">
            <ListItemIcon>
              <Logout />
            </ListItemIcon>
            <ListItemText primary={t('logout')} />
          </ListItemButton>
        </List>
      </Box>
    </SwipeableDrawer>
  );
}
