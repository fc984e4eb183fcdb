import { useState } from 'react';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';
import PointOfSale from '@mui/icons-material/PointOfSaleOutlined';
import RequestQuote from '@mui/icons-material/RequestQuoteOutlined';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TPaymentRequest } from '@cd/contracts/payments';
import type { TRepairOrder } from '@cd/contracts/repair-order';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useOrderPaymentRequests } from '../api/get-payment-requests';
import { usePaymentTerminals } from '../api/get-payment-terminals';
import { usePaymentRequestAction, type TPaymentRequestAction } from '../api/payment-request-actions';
import { useSendToTerminal } from '../api/send-to-terminal';
import { canCancelRequest, canResendRequest, PAYMENT_STATUS_COLOR, paymentStatusLabelKey, requestTimeline } from '../lib/payment-request-view';
import { PaymentRequestDialog } from './payment-request-dialog';
import { SectionTitle } from './section-title';

const errorText = (err: unknown, t: (k: string) => string) =>
  err instanceof ApiError ? t(err.violations[0]?.message ?? err.message) : t('payment_request_action_failed');

function TerminalButton({ request, terminals }: { request: TPaymentRequest; terminals: { serial: string; description: string }[] }) {
  const { t } = useTranslation();
  const send = useSendToTerminal();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (serial: string) => {
    setAnchor(null);
    send.mutate({ id: request.id, serial }, { onSuccess: () => toastSuccess(t('payment_terminal_sent')), onError: (err) => toastError(errorText(err, t)) });
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<PointOfSale />}
        disabled={send.isPending}
        onClick={(e) => (terminals.length === 1 ? pick(terminals[0]!.serial) : setAnchor(e.currentTarget))}
        data-testid={`payment-request-terminal-${request.id}`}
      >
        {t('payment_send_to_terminal')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {terminals.map((term) => (
          <MenuItem key={term.serial} onClick={() => pick(term.serial)}>
            {term.description || term.serial}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function RequestRow(props: {
  request: TPaymentRequest;
  terminals: { serial: string; description: string }[];
  busy: boolean;
  onAction: (action: TPaymentRequestAction) => void;
}) {
  const { t } = useTranslation();
  const r = props.request;
  const status = r.cancelledAt ? 'cancelled' : r.status;
  return (
    <Box
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }}
      data-testid={`payment-request-${r.id}`}
      data-status={status}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 120, overflowWrap: 'anywhere' }}>
          {r.invoice ? t('payment_invoice_number', { invoice: r.invoice }) : t('payment_request')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(r.amountCents)}
        </Typography>
        <Chip size="small" color={PAYMENT_STATUS_COLOR[status]} label={t(paymentStatusLabelKey(status))} data-testid={`payment-request-status-${r.id}`} />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {requestTimeline(r)
          .map((e) => t(e.key, { time: formatDateTime(e.at) }))
          .join(' · ')}
        {r.status === 'failed' && r.statusReason ? ` · ${t(`automated_message_${r.statusReason}`, { defaultValue: r.statusReason })}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {canResendRequest(r) && (
          <Button
            size="small"
            startIcon={<Send />}
            disabled={props.busy}
            onClick={() => props.onAction('resend')}
            data-testid={`payment-request-resend-${r.id}`}
          >
            {t('payment_request_resend')}
          </Button>
        )}
        {canCancelRequest(r) && props.terminals.length > 0 && <TerminalButton request={r} terminals={props.terminals} />}
        {canCancelRequest(r) && (
          <Button
            size="small"
            color="error"
            startIcon={<CancelOutlined />}
            disabled={props.busy}
            onClick={() => props.onAction('cancel')}
            data-testid={`payment-request-cancel-${r.id}`}
          >
            {t('payment_request_cancel')}
          </Button>
        )}
        {r.paymentUrl && (
          <Tooltip title={t('copy_link')}>
            <IconButton
              size="small"
              aria-label={t('copy_link')}
              onClick={() => void navigator.clipboard?.writeText(r.paymentUrl!).then(() => toastSuccess(t('link_copied')))}
            >
              <ContentCopy fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}

/** The order's payment requests (issue 17): statuses live, "Request payment", resend, cancel, send to a terminal. */
export function OrderPaymentRequests({ order }: { order: TRepairOrder }) {
  const { t } = useTranslation();
  const query = useOrderPaymentRequests(order.id);
  const list = query.data?.member ?? [];
  const terminals = usePaymentTerminals(list.some(canCancelRequest));
  const action = usePaymentRequestAction();
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<TPaymentRequest | null>(null);

  const run = (request: TPaymentRequest, name: TPaymentRequestAction) =>
    action.mutate(
      { id: request.id, action: name },
      {
        onSuccess: () => {
          setCancelling(null);
          toastSuccess(t(name === 'resend' ? 'payment_request_resent' : 'payment_request_cancelled'));
        },
        onError: (err) => {
          setCancelling(null);
          toastError(errorText(err, t));
        },
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="repair-order-payment-requests">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Box sx={{ flex: 1 }}>
          <SectionTitle>{t('payment_requests')}</SectionTitle>
        </Box>
        <Button size="small" variant="outlined" startIcon={<RequestQuote />} onClick={() => setCreating(true)} data-testid="payment-request-new">
          {t('payment_request_new')}
        </Button>
      </Box>
      {query.isPending ? (
        <Skeleton height={64} />
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('payment_requests_load_failed')}
        </Alert>
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('payment_requests_none')}
        </Typography>
      ) : (
        list.map((r) => (
          <RequestRow
            key={r.id}
            request={r}
            terminals={terminals.data ?? []}
            busy={action.isPending}
            onAction={(name) => (name === 'cancel' ? setCancelling(r) : run(r, name))}
          />
        ))
      )}
      {creating && <PaymentRequestDialog order={order} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={!!cancelling}
        title={t('payment_request_cancel_title')}
        text={t('payment_request_cancel_text', { amount: cancelling ? formatMoney(cancelling.amountCents) : '' })}
        confirmLabel={t('payment_request_cancel')}
        busy={action.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && run(cancelling, 'cancel')}
      />
    </Paper>
  );
}
