import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { REPAIR_ORDER_STATUS_LABEL_KEYS, type TRepairOrderStatus } from '@cd/contracts/repair-order';
import { REPAIR_ORDER_LINE_STATUS_LABEL_KEYS, type TRepairOrderLineStatus } from '@cd/contracts/repair-order-line';
import { LINE_STATUS_COLOR, ORDER_STATUS_COLOR } from '../lib/labels';

export function OrderStatusChip({ status, testId }: { status: TRepairOrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={ORDER_STATUS_COLOR[status]}
      variant="outlined"
      label={t(REPAIR_ORDER_STATUS_LABEL_KEYS[status])}
      data-testid={testId}
      data-status={status}
    />
  );
}

export function LineStatusChip({ status, testId }: { status: TRepairOrderLineStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={LINE_STATUS_COLOR[status]}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={t(REPAIR_ORDER_LINE_STATUS_LABEL_KEYS[status])}
      data-testid={testId}
      data-status={status}
    />
  );
}
