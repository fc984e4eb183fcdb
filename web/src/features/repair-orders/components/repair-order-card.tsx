import { useState } from 'react';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DirectionsCar from '@mui/icons-material/DirectionsCarOutlined';
import Poll from '@mui/icons-material/PollOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TRepairOrder, TRepairOrderPanelList } from '@cd/contracts/repair-order';
import { vehicleDisplayName } from '@cd/contracts/vehicle';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import type { TRepairOrderAction } from '../api/repair-order-actions';
import { useOrderActions } from '../hooks/use-order-actions';
import { OrderStatusChip } from './status-chips';

interface TProps {
  order: TRepairOrder;
  list: TRepairOrderPanelList;
  actions: ReturnType<typeof useOrderActions>;
}

function ActionButton(props: { label: string; icon: React.ReactNode; busy: boolean; disabled?: boolean; onClick: () => void; testId: string }) {
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={props.busy ? <CircularProgress size={14} color="inherit" /> : props.icon}
      disabled={props.busy || props.disabled}
      onClick={props.onClick}
      data-testid={props.testId}
      sx={{ py: 0.25, fontSize: 12.5 }}
    >
      {props.label}
    </Button>
  );
}

/** One order in the conversation panel: number (to its screen), title, status, promised time and the list's actions. */
export function RepairOrderCard({ order, list, actions }: TProps) {
  const { t } = useTranslation();
  const [confirmClose, setConfirmClose] = useState(false);
  const busy = (a: TRepairOrderAction) => actions.isRunning(order.id, a);
  return (
    <Paper variant="outlined" sx={{ p: 1.25, display: 'flex', flexDirection: 'column', gap: 0.75 }} data-testid={`repair-order-card-${order.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/repair-orders/${order.id}`}
          underline="hover"
          sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
          data-testid="repair-order-number"
        >
          #{order.number}
        </Link>
        <Box sx={{ flex: 1 }} />
        <OrderStatusChip status={order.status} />
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {order.title}
      </Typography>
      {order.vehicle && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <DirectionsCar sx={{ fontSize: 14 }} /> {vehicleDisplayName(order.vehicle)}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {order.closedAt
          ? t('repair_order_closed_at', { time: formatDateTime(order.closedAt) })
          : order.promisedAt
            ? t('repair_order_promised_at', { time: formatDateTime(order.promisedAt) })
            : t('repair_order_no_promised_time')}
      </Typography>
      {order.vehicleReadySentAt && (
        <Typography variant="caption" color="success.main" data-testid="repair-order-ready-sent">
          {t('vehicle_ready_sent_at', { time: formatDateTime(order.vehicleReadySentAt) })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.25 }}>
        {list === 'open' && (
          <>
            <ActionButton
              label={t('send_vehicle_ready')}
              icon={<DirectionsCar />}
              busy={busy('send_vehicle_ready')}
              disabled={!!order.vehicleReadySentAt}
              onClick={() => void actions.run(order.id, 'send_vehicle_ready')}
              testId="repair-order-send-ready"
            />
            <ActionButton
              label={t('close_repair_order')}
              icon={<CheckCircleOutline />}
              busy={busy('close')}
              onClick={() => setConfirmClose(true)}
              testId="repair-order-close"
            />
          </>
        )}
        {list === 'closedWithoutSurvey' && (
          <ActionButton
            label={t('send_survey')}
            icon={<Poll />}
            busy={busy('send_survey')}
            onClick={() => void actions.run(order.id, 'send_survey')}
            testId="repair-order-send-survey"
          />
        )}
      </Box>
      <ConfirmDialog
        open={confirmClose}
        title={t('close_repair_order_title', { number: order.number })}
        text={t('close_repair_order_text')}
        confirmLabel={t('close_repair_order')}
        busy={busy('close')}
        onClose={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          void actions.run(order.id, 'close');
        }}
      />
    </Paper>
  );
}
