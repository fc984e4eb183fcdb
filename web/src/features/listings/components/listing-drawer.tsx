import Close from '@mui/icons-material/Close';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TListing } from '@cd/contracts/listings';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListing } from '../api/get-listing';
import { ListingDeleteDialog } from './listing-delete-dialog';
import { ListingInterests } from './listing-interests';
import { ListingStatusChip } from './listing-status-chip';
import { formatListingPrice, type TListingRowAction } from './listings-table';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

function Details({ listing, onAction, onDelete }: { listing: TListing; onAction: (a: TListingRowAction) => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {listing.photoUrl && (
        <Box
          component="img"
          src={listing.photoUrl}
          alt={t('listing_photo_alt', { name: listing.name })}
          sx={{ width: '100%', maxHeight: 200, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ListingStatusChip status={listing.status} />
        {listing.keywordName && (
          <Chip size="small" label={listing.keywordName} sx={{ fontFamily: 'monospace', fontWeight: 700 }} data-testid="listing-drawer-keyword" />
        )}
        {listing.archived && <Chip size="small" label={t('listing_archived_chip')} />}
      </Box>
      <Link
        href={listing.url}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', overflowWrap: 'anywhere' }}
      >
        {listing.url}
        <OpenInNew sx={{ fontSize: 14 }} />
      </Link>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Fact label={t('listing_field_price')}>
          {formatListingPrice(listing.priceCents)}
          {listing.negotiable ? ` · ${t('listing_negotiable')}` : ''}
        </Fact>
        <Fact label={t('listing_field_location')}>{listing.location}</Fact>
        <Fact label={t('listing_field_agent')}>{listing.agentName}</Fact>
        <Fact label={t('listing_field_keyword')}>{listing.keywordName}</Fact>
      </Box>
      {listing.description && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {listing.description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {listing.archived ? (
          <Button variant="outlined" size="small" onClick={() => onAction('unarchive')} data-testid="listing-drawer-unarchive">
            {t('listing_unarchive')}
          </Button>
        ) : (
          <>
            <Button variant="outlined" size="small" onClick={() => onAction('edit')} data-testid="listing-drawer-edit">
              {t('edit')}
            </Button>
            <Button variant="outlined" size="small" onClick={() => onAction('assign_keyword')} data-testid="listing-drawer-assign-keyword">
              {t('listing_assign_keyword')}
            </Button>
            <Button variant="outlined" size="small" onClick={() => onAction('change_agent')} data-testid="listing-drawer-change-agent">
              {t('listing_change_agent')}
            </Button>
            <Button variant="outlined" size="small" color="warning" onClick={() => onAction('archive')} data-testid="listing-drawer-archive">
              {t('listing_archive')}
            </Button>
          </>
        )}
        <Button variant="outlined" size="small" color="error" onClick={onDelete} data-testid="listing-drawer-delete">
          {t('delete')}
        </Button>
      </Box>
    </>
  );
}

/** A listing's details, its actions and the customers interested in it (live). */
export function ListingDrawer({
  listingId,
  onClose,
  onAction,
}: {
  listingId: number | null;
  onClose: () => void;
  onAction: (l: TListing, a: TListingRowAction) => void;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const listing = useListing(listingId);
  const [deleting, setDeleting] = useState<TListing | null>(null);
  return (
    <Drawer
      anchor="right"
      open={listingId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: mobile ? '100%' : 460 } } }}
      data-testid="listing-drawer"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="listing-drawer-title">
          {listing.data?.name ?? t('listing')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('close')} data-testid="listing-drawer-close">
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto' }}>
        {listing.isPending ? (
          <Box aria-busy="true">
            <Skeleton height={40} />
            <Skeleton height={80} />
          </Box>
        ) : listing.isError ? (
          <Alert severity="error" action={<Button onClick={() => void listing.refetch()}>{t('retry')}</Button>}>
            {t('listing_load_failed')}
          </Alert>
        ) : (
          <Details listing={listing.data} onAction={(a) => onAction(listing.data, a)} onDelete={() => setDeleting(listing.data)} />
        )}
        <Divider />
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ fontWeight: 700 }}>
          {t('listing_interests')}
        </Typography>
        {listingId !== null && <ListingInterests listingId={listingId} />}
      </Box>
      {deleting && (
        <ListingDeleteDialog
          listing={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}
