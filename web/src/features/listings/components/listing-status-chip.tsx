import Chip from '@mui/material/Chip';
import type { TListingStatus } from '@cd/contracts/listings';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TListingStatus, 'success' | 'info' | 'warning' | 'default' | 'secondary'> = {
  for_sale: 'success',
  for_lease: 'info',
  sale_pending: 'warning',
  sold: 'secondary',
  off_market: 'default',
};

export function ListingStatusChip({ status }: { status: TListingStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`listing_status_${status}`)} data-testid="listing-status-chip" data-status={status} />
  );
}
