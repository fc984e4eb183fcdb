import { lazy, Suspense, useState } from 'react';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import Logout from '@mui/icons-material/Logout';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { useAwayReturnRefresh } from '../../features/user-menu/hooks/use-away-return-refresh';
import { fullName, initialsOf } from '../../lib/format';
import { useCurrentUser } from './current-user';
import { LazyMenu, preloadMenu } from '../../components/ui/lazy-overlay';
import { LazyTooltip } from '../../components/ui/lazy-tooltip';

type TDialog = 'status' | 'impersonate' | 'profile';

// The dialogs' forms (react-hook-form, zod schemas, phone checks) load on first use, not with every screen.
const StatusDialog = lazy(() => import('../../features/user-menu/components/status-dialog').then((m) => ({ default: m.StatusDialog })));
const ImpersonateDialog = lazy(() => import('../../features/user-menu/components/impersonate-dialog').then((m) => ({ default: m.ImpersonateDialog })));
const ProfileDialog = lazy(() => import('../../features/user-menu/components/profile-dialog').then((m) => ({ default: m.ProfileDialog })));

export function UserAvatar({ size = 36 }: { size?: number }) {
  const me = useCurrentUser();
  const away = me.awayState?.status !== 'ONLINE';
  return (
    <Avatar
      data-testid="user-avatar"
      data-away={away ? 'true' : 'false'}
      sx={{ width: size, height: size, fontSize: size * 0.42, fontWeight: 700, bgcolor: away ? 'error.main' : 'secondary.main', color: '#fff' }}
    >
      {initialsOf(me.firstName, me.lastName)}
    </Avatar>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<TDialog | null>(null);
  // A dialog stays mounted once opened, so closing it animates like before.
  const [used, setUsed] = useState<ReadonlySet<TDialog>>(() => new Set());
  useAwayReturnRefresh();

  const open = (d: TDialog) => {
    setAnchor(null);
    setDialog(d);
    setUsed((prev) => new Set(prev).add(d));
  };

  return (
    <>
      <LazyTooltip title={fullName(me) || me.email}>
        <IconButton
          type="button"
          onClick={(e) => setAnchor(e.currentTarget)}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
          aria-label={t('user_menu')}
          aria-haspopup="menu"
          data-testid="user-menu-button"
          sx={{ p: 0.5 }}
        >
          <UserAvatar />
        </IconButton>
      </LazyTooltip>
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} data-testid="user-menu">
        <MenuItem onClick={() => open('status')} data-testid="user-menu-status">
          <ListItemIcon>
            <CircleOutlined fontSize="small" />
          </ListItemIcon>
          {t('status')}
        </MenuItem>
        <MenuItem onClick={() => open('impersonate')} data-testid="user-menu-impersonate">
          <ListItemIcon>
            <SupervisorAccountOutlined fontSize="small" />
          </ListItemIcon>
          {t('impersonate')}
        </MenuItem>
        <MenuItem onClick={() => open('profile')} data-testid="user-menu-profile">
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          {t('my_profile')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => logout.mutate()} disabled={logout.isPending} data-testid="user-menu-logout">
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </LazyMenu>
      <Suspense fallback={null}>
        {used.has('status') && <StatusDialog open={dialog === 'status'} onClose={() => setDialog(null)} />}
        {used.has('impersonate') && <ImpersonateDialog open={dialog === 'impersonate'} onClose={() => setDialog(null)} />}
        {used.has('profile') && <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
