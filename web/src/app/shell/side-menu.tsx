import { Fragment, useMemo } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { supportLinkOf } from '../../features/support/lib/browser-context';
import { usePublicFeatures } from '../../lib/public-features';
import { toastError } from '../../lib/toast';
import { useCurrentUser } from './current-user';
import { MENU_ICONS } from './menu-icons';
import { companyIdOf, MENU_SECTION_LABEL_KEYS, selectedMenuKey, visibleMenuEntries, type TMenuEntry } from './menu-rules';

export const SIDE_MENU_WIDTH = 264;

function MenuItemButton({ entry, selected, unread, chatUnread }: { entry: TMenuEntry; selected: boolean; unread: number; chatUnread: number }) {
  const { t } = useTranslation();
  const count = entry.badge === 'unread' ? unread : entry.badge === 'chat_unread' ? chatUnread : 0;
  const Icon = MENU_ICONS[entry.key];
  const label = t(entry.labelKey);
  const content = (
    <>
      {Icon && (
        <ListItemIcon sx={{ minWidth: 38 }}>
          {count > 0 ? (
            <Badge badgeContent={count} color="error" max={99} data-testid={entry.badge === 'chat_unread' ? 'chat-unread-badge' : 'unread-badge'} aria-label={t('unread_count', { count })}>
              <Icon fontSize="small" />
            </Badge>
          ) : (
            <Icon fontSize="small" />
          )}
        </ListItemIcon>
      )}
      <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2', sx: { fontWeight: selected ? 600 : 400 } } }} />
    </>
  );
  // The Support link names the page the user is on (?from=), which the question then carries.
  const location = useLocation();
  const common = { selected, 'data-testid': `side-menu-item-${entry.key}`, sx: { mx: 1, my: 0.25, py: 0.6 } } as const;
  if (entry.path === null)
    // Spec part 1 §8: the company-admin item of a user without a company reports the problem.
    return (
      <ListItemButton {...common} onClick={() => toastError(t('no_company_but_it_is_required'))}>
        {content}
      </ListItemButton>
    );
  return (
    <ListItemButton {...common} component={RouterLink} to={entry.key === 'support' ? supportLinkOf(location) : entry.path} aria-current={selected ? 'page' : undefined}>
      {content}
    </ListItemButton>
  );
}

/**
 * The communication item's badge is the unread customer count (GET /api/customers/read_state); the internal chat
 * item's the unread chat count (GET /api/internal_chat/read_state).
 */
export function SideMenu({ unread, chatUnread = 0 }: { unread: number; chatUnread?: number }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const features = usePublicFeatures();
  const simulator = features.data?.simulator === true;
  const entries = useMemo(() => visibleMenuEntries({ roles: me.roles, companyId: companyIdOf(me), features: { simulator } }), [me, simulator]);
  const selected = selectedMenuKey(entries, pathname);

  return (
    <Drawer
      variant="permanent"
      sx={{
        width: SIDE_MENU_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider' },
      }}
    >
      <Toolbar />
      <Box component="nav" aria-label={t('main_menu')} data-testid="side-menu" sx={{ overflowY: 'auto', py: 1 }}>
        <List dense disablePadding>
          {entries.map((entry, i) => {
            const sectionKey = MENU_SECTION_LABEL_KEYS[entry.section];
            const newSection = i === 0 || entries[i - 1]!.section !== entry.section;
            return (
              <Fragment key={entry.key}>
                {newSection && sectionKey && (
                  <ListSubheader disableSticky sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent', fontSize: 11, textTransform: 'uppercase', letterSpacing: 0.8 }}>
                    {t(sectionKey)}
                  </ListSubheader>
                )}
                <MenuItemButton entry={entry} selected={entry.key === selected} unread={unread} chatUnread={chatUnread} />
              </Fragment>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
