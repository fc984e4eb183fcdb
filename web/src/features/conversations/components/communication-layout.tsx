import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation, useParams } from 'react-router';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { InboxPanel } from './inbox-panel';

export const INBOX_PANEL_WIDTH = 360;

/**
 * /communication/*: on desktop the inbox stays on the left (~360 px) and the selected customer's messenger or
 * details fill the right; on mobile (≤768 px) inbox, messenger and details are full-screen pages. `Search` is the
 * search box the app composes in above the inbox (features never import each other).
 */
export function CommunicationLayout({ Search }: { Search?: ComponentType }) {
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const { customerId } = useParams();
  const selectedId = customerId && /^\d+$/.test(customerId) ? Number(customerId) : null;
  const onInbox = /^\/communication\/inbox\/?$/.test(pathname);

  if (mobile)
    return (
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="communication-layout">
        {onInbox && Search && <Search />}
        {onInbox ? <InboxPanel selectedId={null} /> : <Outlet />}
      </Box>
    );

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }} data-testid="communication-layout">
      <Box sx={{ width: INBOX_PANEL_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {Search && <Search />}
        <InboxPanel selectedId={selectedId} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
