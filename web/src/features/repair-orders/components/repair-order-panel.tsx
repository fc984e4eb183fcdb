import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Build from '@mui/icons-material/BuildOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TCustomer } from '@cd/contracts/customer';
import { REPAIR_ORDERS_PER_PAGE, type TRepairOrderPanelList } from '@cd/contracts/repair-order';
import { useCurrentUser } from '../../../lib/current-user';
import { formatListTotal } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useRepairOrders } from '../api/get-repair-orders';
import { useOrderActions } from '../hooks/use-order-actions';
import { NewRepairOrderDialog } from './new-repair-order-dialog';
import { RepairOrderCard } from './repair-order-card';
import { AsideRail } from '../../../components/ui/aside-rail';

const PANEL_WIDTH = 340;

const LIST_TITLE_KEYS: Record<TRepairOrderPanelList, string> = {
  open: 'repair_orders_open',
  closedWithSurvey: 'repair_orders_closed_with_survey',
  closedWithoutSurvey: 'repair_orders_closed_without_survey',
};

function OrderList({ customerId, list, actions }: { customerId: number; list: TRepairOrderPanelList; actions: ReturnType<typeof useOrderActions> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useRepairOrders({ customerId, list, page });
  const known = query.data?.totalItems ?? query.data?.totalItemsAtLeast ?? 0;
  // A capped total ("1000+") offers one page past what it covers; the next answer says whether there are more.
  const pages = Math.max(1, Math.ceil(known / REPAIR_ORDERS_PER_PAGE) + (query.data?.totalItems === undefined && query.data ? 1 : 0));
  return (
    <Box component="section" sx={{ mb: 2 }} data-testid={`repair-order-list-${list}`}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ fontWeight: 700, display: 'block', lineHeight: 2 }}>
        {t(LIST_TITLE_KEYS[list])} {query.data ? `(${formatListTotal(query.data)})` : ''}
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : query.isError ? (
        <Typography variant="body2" color="error">
          {t('repair_orders_load_failed')}
        </Typography>
      ) : query.data.member.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('repair_orders_none')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {query.data.member.map((order) => (
            <RepairOrderCard key={order.id} order={order} list={list} actions={actions} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          size="small"
          count={pages}
          page={Math.min(page, pages)}
          siblingCount={2}
          onChange={(_, p) => setPage(p)}
          sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </Box>
  );
}

function PanelContent({ customer, onClose, closeIcon }: { customer: TCustomer; onClose: () => void; closeIcon: 'collapse' | 'close' }) {
  const { t } = useTranslation();
  const actions = useOrderActions();
  const [creating, setCreating] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 56 }}>
        <Build fontSize="small" color="action" />
        <Typography variant="subtitle2" component="h2" noWrap sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {t('repair_orders')}
        </Typography>
        <Tooltip title={t('new_repair_order')}>
          <Button
            size="small"
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreating(true)}
            aria-label={t('new_repair_order')}
            data-testid="repair-order-new"
          >
            {t('new_short')}
          </Button>
        </Tooltip>
        <Tooltip title={t('hide_repair_orders')}>
          <IconButton size="small" onClick={onClose} aria-label={t('hide_repair_orders')} data-testid="repair-order-panel-hide">
            {closeIcon === 'collapse' ? <ChevronRight /> : <Close />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5 }}>
        {(['open', 'closedWithoutSurvey', 'closedWithSurvey'] as const).map((list) => (
          <OrderList key={list} customerId={customer.id} list={list} actions={actions} />
        ))}
      </Box>
      {creating && <NewRepairOrderDialog customer={customer} onClose={() => setCreating(false)} />}
    </Box>
  );
}

/**
 * The conversation's repair-order panel (spec part 1 §4, §9) for automotive companies: a side column on wide
 * screens (hidden to a rail on demand), a drawer from the rail on narrower ones, from a small floating button on phones.
 */
export function RepairOrderPanel({ customer }: { customer: TCustomer | undefined }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const mobile = useIsMobile();
  // Docked by default on wide screens; hiding it lasts while the messenger stays open (no new storage keys, spec §3).
  const [docked, setDocked] = useState(true);
  const [drawer, setDrawer] = useState(false);
  const automotive = !!(me.modules?.automotive ?? me.companyData?.modules.automotive);
  if (!automotive || !customer) return null;

  if (wide && docked)
    return (
      <Box
        component="aside"
        sx={{ width: PANEL_WIDTH, flexShrink: 0, borderLeft: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 0 }}
        data-testid="repair-order-panel"
      >
        <PanelContent customer={customer} onClose={() => setDocked(false)} closeIcon="collapse" />
      </Box>
    );

  const drawerPanel = (
    <Drawer
      anchor="right"
      open={drawer}
      onClose={() => setDrawer(false)}
      // Above the shell's top bar, which sits over the side menu's drawer level.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: `min(${PANEL_WIDTH + 20}px, 100vw)` } } }}
    >
      <Box sx={{ height: '100%' }} data-testid="repair-order-panel">
        <PanelContent customer={customer} onClose={() => setDrawer(false)} closeIcon="close" />
      </Box>
    </Drawer>
  );

  // Phones: every pixel of the thread's width counts, so a small floating button above the composer opens the drawer.
  if (mobile)
    return (
      <>
        <Tooltip title={t('repair_orders')}>
          <Fab
            size="small"
            color="secondary"
            onClick={() => setDrawer(true)}
            aria-label={t('repair_orders')}
            data-testid="repair-order-panel-toggle"
            sx={{ position: 'fixed', right: 12, bottom: 150, zIndex: (theme) => theme.zIndex.speedDial }}
          >
            <Build fontSize="small" />
          </Fab>
        </Tooltip>
        {drawerPanel}
      </>
    );

  return (
    <AsideRail>
      <Tooltip title={t('repair_orders')} placement="left">
        <IconButton onClick={() => (wide ? setDocked(true) : setDrawer(true))} aria-label={t('repair_orders')} data-testid="repair-order-panel-toggle">
          <Build />
        </IconButton>
      </Tooltip>
      {drawerPanel}
    </AsideRail>
  );
}
