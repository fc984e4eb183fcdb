import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TOfferStatus } from '@cd/contracts/offers';

const COLOR: Record<TOfferStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  failed: 'error',
};

export function OfferStatusChip({ status }: { status: TOfferStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      label={t(`offer_status_${status}`)}
      data-testid="offer-status"
      data-status={status}
    />
  );
}
