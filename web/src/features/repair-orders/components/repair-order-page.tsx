import { useState } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DirectionsCar from '@mui/icons-material/DirectionsCarOutlined';
import Poll from '@mui/icons-material/PollOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { customerDisplayName } from '@cd/contracts/customer';
import {
  REPAIR_ORDER_STATE_LABEL_KEYS,
  REPAIR_ORDER_STATUS_LABEL_KEYS,
  REPAIR_ORDER_STATUSES,
  type TRepairOrder,
  type TRepairOrderStatus,
} from '@cd/contracts/repair-order';
import { findOpenLines } from '@cd/contracts/repair-order-line';
import { vehicleDisplayName } from '@cd/contracts/vehicle';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useOrderCustomer } from '../api/get-order-customer';
import { useRepairOrder } from '../api/get-repair-order';
import { useVehicleRecalls } from '../api/get-vehicle-recalls';
import { useUpdateRepairOrder } from '../api/update-repair-order';
import type { TRepairOrderAction } from '../api/repair-order-actions';
import { useOrderActions } from '../hooks/use-order-actions';
import { idOfIri } from '../lib/iri';
import { OrderAutomatedMessages } from './order-automated-messages';
import { OrderCustomerLinks } from './order-customer-links';
import { OrderLines } from './order-lines';
import { OrderPaymentRequests } from './order-payment-requests';
import { OrderSurvey } from './order-survey';
import { RecallNotice } from './recall-list';

function Info({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            —
          </Box>
        )}
      </Typography>
    </Box>
  );
}

function OrderActionsBar({ order }: { order: TRepairOrder }) {
  const { t } = useTranslation();
  const actions = useOrderActions();
  const [confirmClose, setConfirmClose] = useState(false);
  const open = order.state === 'open';
  const pending = findOpenLines({ lines: order.repairOrderLines }).length;
  const button = (
    action: TRepairOrderAction,
    label: string,
    icon: React.ReactNode,
    opts: { disabled?: boolean; onClick?: () => void; variant?: 'contained' | 'outlined' } = {},
  ) => {
    const busy = actions.isRunning(order.id, action);
    return (
      <Button
        variant={opts.variant ?? 'outlined'}
        size="small"
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : icon}
        disabled={busy || opts.disabled}
        onClick={opts.onClick ?? (() => void actions.run(order.id, action))}
        data-testid={`repair-order-action-${action}`}
      >
        {label}
      </Button>
    );
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {open && button('send_approval_request', t('send_approval_request'), <SendOutlined />, { disabled: pending === 0, variant: 'contained' })}
      {open &&
        button('send_vehicle_ready', order.vehicleReadySentAt ? t('vehicle_ready_already_sent') : t('send_vehicle_ready'), <DirectionsCar />, {
          disabled: !!order.vehicleReadySentAt,
        })}
      {open && button('close', t('close_repair_order'), <CheckCircleOutline />, { onClick: () => setConfirmClose(true) })}
      {!open && !order.survey && !order.surveyRequestedAt && button('send_survey', t('send_survey'), <Poll />)}
      {!open && (order.survey || order.surveyRequestedAt) && (
        <Chip size="small" label={t('survey_requested_at', { time: formatDateTime(order.surveyRequestedAt) })} />
      )}
      <ConfirmDialog
        open={confirmClose}
        title={t('close_repair_order_title', { number: order.number })}
        text={pending > 0 ? t('close_repair_order_pending_text', { count: pending }) : t('close_repair_order_text')}
        confirmLabel={t('close_repair_order')}
        onClose={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          void actions.run(order.id, 'close');
        }}
      />
    </Box>
  );
}

function OrderHeader({ order }: { order: TRepairOrder }) {
  const { t } = useTranslation();
  const customer = useOrderCustomer(order.customer);
  const customerId = idOfIri(order.customer);
  const update = useUpdateRepairOrder();
  const recalls = useVehicleRecalls(order.vehicle?.id ?? null);
  const changeStatus = (status: TRepairOrderStatus) =>
    update.mutate(
      { id: order.id, patch: { status } },
      { onError: (err) => toastError(err instanceof ApiError ? t(err.message) : t('repair_order_action_failed')) },
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="repair-order-header">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }} data-testid="repair-order-title">
              #{order.number} · {order.title}
            </Typography>
            <Chip
              size="small"
              color={order.state === 'open' ? 'success' : 'default'}
              label={t(REPAIR_ORDER_STATE_LABEL_KEYS[order.state])}
              data-testid="repair-order-state"
            />
          </Box>
          {order.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
              {order.description}
            </Typography>
          )}
        </Box>
        <TextField
          select
          size="small"
          label={t('status')}
          value={order.status}
          onChange={(e) => changeStatus(e.target.value as TRepairOrderStatus)}
          disabled={update.isPending}
          sx={{ minWidth: 170 }}
          slotProps={{ htmlInput: { 'data-testid': 'repair-order-status' } }}
        >
          {REPAIR_ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(REPAIR_ORDER_STATUS_LABEL_KEYS[s])}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Info label={t('customer')} testId="repair-order-customer">
          {customerId && (
            <Link component={RouterLink} to={`/communication/${customerId}/messenger`} underline="hover">
              {customer.data ? customerDisplayName(customer.data) : t('open_conversation')}
            </Link>
          )}
          {customer.data?.phone && (
            <Typography variant="caption" color="text.secondary" component="div">
              {formatPhone(customer.data.phone)}
            </Typography>
          )}
        </Info>
        <Info label={t('vehicle')} testId="repair-order-vehicle">
          {order.vehicle && (
            <>
              {vehicleDisplayName(order.vehicle)}
              {order.vehicle.vin && (
                <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>
                  {order.vehicle.vin}
                </Typography>
              )}
            </>
          )}
        </Info>
        <Info label={t('service_advisor')}>{order.serviceAdvisor?.name}</Info>
        <Info label={t('mechanic')}>{order.mechanic?.name}</Info>
        <Info label={t('opened_at')}>{formatDateTime(order.openedAt)}</Info>
        <Info label={t('promised_time')}>{formatDateTime(order.promisedAt)}</Info>
        <Info label={t('closed_at')}>{formatDateTime(order.closedAt)}</Info>
        <Info label={t('vehicle_ready_sent')} testId="repair-order-ready-sent-at">
          {formatDateTime(order.vehicleReadySentAt)}
        </Info>
      </Box>
      {(order.dmsPendingPushes > 0 || order.dmsLastError) && (
        <Alert severity="warning" data-testid="repair-order-dms-pending">
          {t('dms_pushes_waiting', { count: order.dmsPendingPushes })}
          {order.dmsLastError ? ` ${t('dms_last_error', { error: order.dmsLastError })}` : ''}
        </Alert>
      )}
      {order.dmsSyncedAt && order.dmsPendingPushes === 0 && !order.dmsLastError && (
        <Typography variant="caption" color="text.secondary">
          {t('dms_synced_at', { time: formatDateTime(order.dmsSyncedAt) })}
        </Typography>
      )}
      <RecallNotice data={recalls.data} />
      <OrderActionsBar order={order} />
    </Paper>
  );
}

/** /repair-orders/{orderId}: header, lines, actions, automated messages and customer links of one order. */
export function RepairOrderPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const id = /^\d+$/.test(orderId) ? Number(orderId) : NaN;
  const order = useRepairOrder(id);
  const customerId = idOfIri(order.data?.customer);

  let body;
  if (!Number.isFinite(id) || order.isError) {
    const missing = !Number.isFinite(id) || (order.error instanceof ApiError && [403, 404].includes(order.error.status));
    body = (
      <Alert
        severity={missing ? 'info' : 'error'}
        data-testid="repair-order-error"
        action={missing ? undefined : <Button onClick={() => void order.refetch()}>{t('retry')}</Button>}
      >
        {missing ? t('repair_order_not_found') : t('repair_order_load_failed')}
      </Alert>
    );
  } else if (!order.data) {
    body = <Skeleton variant="rounded" height={240} />;
  } else {
    const surveyId = idOfIri(order.data.survey);
    body = (
      <>
        <OrderHeader order={order.data} />
        <OrderLines order={order.data} />
        <OrderPaymentRequests order={order.data} />
        {surveyId && <OrderSurvey surveyId={surveyId} />}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
          <OrderAutomatedMessages orderId={order.data.id} surveyId={surveyId} />
          <OrderCustomerLinks orderId={order.data.id} surveyId={surveyId} />
        </Box>
      </>
    );
  }

  return (
    <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', bgcolor: 'background.default' }} data-testid="repair-order-page">
      <Box sx={{ maxWidth: 1100, mx: 'auto', p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Tooltip title={t('back_to_conversation')}>
            <span>
              <IconButton
                component={RouterLink}
                to={customerId ? `/communication/${customerId}/messenger` : '/communication/inbox'}
                aria-label={t('back_to_conversation')}
                data-testid="repair-order-back"
              >
                <ArrowBack />
              </IconButton>
            </span>
          </Tooltip>
          <Typography variant="subtitle1" color="text.secondary">
            {t('repair_order')}
          </Typography>
        </Box>
        {body}
      </Box>
    </Box>
  );
}
