import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { TWebhookDeliveryStatus, TWebhookEndpoint } from '@cd/contracts/outgoing-webhooks';
import { useTranslation } from 'react-i18next';

const DELIVERY_COLORS: Record<TWebhookDeliveryStatus, 'info' | 'success' | 'error' | 'default'> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A delivery's status; its last error shows on hover and keyboard focus. */
export function DeliveryStatusChip({ status, error }: { status: TWebhookDeliveryStatus; error?: string | null }) {
  const { t } = useTranslation();
  const chip = (
    <Chip
      size="small"
      color={DELIVERY_COLORS[status]}
      variant={status === 'succeeded' ? 'outlined' : 'filled'}
      label={t(`webhooks_status_${status}`)}
      data-testid="webhook-delivery-status"
      data-status={status}
      tabIndex={error ? 0 : undefined}
    />
  );
  return error ? (
    <Tooltip title={error} describeChild>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}

/** Enabled, off by hand, or switched off after persistent failure. */
export function EndpointStateChip({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation();
  if (endpoint.enabled)
    return (
      <Chip
        size="small"
        color={endpoint.failingSince ? 'warning' : 'success'}
        variant="outlined"
        label={t(endpoint.failingSince ? 'webhooks_state_failing' : 'webhooks_state_enabled')}
        data-testid="webhook-state"
      />
    );
  return (
    <Chip
      size="small"
      color={endpoint.disabledReason === 'failing' ? 'error' : 'default'}
      label={t(endpoint.disabledReason === 'failing' ? 'webhooks_state_auto_disabled' : 'webhooks_state_disabled')}
      data-testid="webhook-state"
    />
  );
}
