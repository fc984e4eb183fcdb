import AddOutlined from '@mui/icons-material/AddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TListing } from '@cd/contracts/listings';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useListings } from '../api/get-listings';
import { readListingFilters, writeListingFilters } from '../lib/listings-query';
import { ListingActionDialog, type TListingActionKind } from './listing-action-dialog';
import { ListingDrawer } from './listing-drawer';
import { ListingFormDialog } from './listing-form-dialog';
import { ListingsFilters } from './listings-filters';
import { ListingsImportDialog } from './listings-import-dialog';
import { ListingsTable, type TListingRowAction } from './listings-table';

type TDialog = { kind: 'new' } | { kind: 'import' } | { kind: 'edit'; listing: TListing } | { kind: TListingActionKind; listing: TListing };

/**
 * /listings and /archived-listings (spec part 1 §2, part 2 §4): the company's listings newest first with filters in
 * the address, "load more" pages, a drawer per listing with its interests, and the actions of spec part 2 §7.
 */
export function ListingsPage({ archived = false }: { archived?: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readListingFilters(params);
  const openId = Number(params.get('listing')) || null;
  const list = useListings(filters, archived);
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.member) ?? [];
  const filtered = Boolean(filters.status || filters.agent !== null || filters.search);

  const setOpen = (id: number | null) => {
    const next = writeListingFilters(filters);
    if (id !== null) next.set('listing', String(id));
    setParams(next, { replace: true });
  };
  const onAction = (listing: TListing, action: TListingRowAction) => setDialog(action === 'edit' ? { kind: 'edit', listing } : { kind: action, listing });

  let body;
  if (list.isError && !list.data) {
    body = <LoadErrorAlert error={list.error} failedText={t('listings_load_failed')} onRetry={() => void list.refetch()} testId="listings-error" />;
  } else if (!list.isPending && rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="listings-empty">
        {filtered ? t('listings_none_for_filter') : t(archived ? 'listings_none_archived' : 'listings_none')}
      </Typography>
    );
  else
    body = (
      <Paper variant="outlined">
        <ListingsTable rows={rows} loading={list.isPending} archived={archived} onOpen={(l) => setOpen(l.id)} onAction={onAction} />
        {list.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
            <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="listings-more">
              {list.isFetchingNextPage ? <CircularProgress size={18} /> : t('load_more')}
            </Button>
          </Box>
        )}
      </Paper>
    );

  return (
    <Box
      sx={{
        p: { xs: 2, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        maxWidth: 1280,
        mx: 'auto',
        width: '100%',
        boxSizing: 'border-box',
        overflowY: 'auto',
      }}
      data-testid={archived ? 'archived-listings-page' : 'listings-page'}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t(archived ? 'menu_archived_listings' : 'menu_listings')}
        </Typography>
        {!archived && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFileOutlined />}
            onClick={() => setDialog({ kind: 'import' })}
            data-testid="listings-import"
          >
            {t('listings_import')}
          </Button>
        )}
        {!archived && (
          <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={() => setDialog({ kind: 'new' })} data-testid="listing-new">
            {t('listing_new')}
          </Button>
        )}
      </Box>
      <ListingsFilters value={filters} onChange={(next) => setParams(writeListingFilters(next), { replace: true })} />
      {body}
      <ListingDrawer listingId={openId} onClose={() => setOpen(null)} onAction={onAction} />
      {dialog?.kind === 'new' && <ListingFormDialog onClose={() => setDialog(null)} onSaved={(l) => setOpen(l.id)} />}
      {dialog?.kind === 'import' && <ListingsImportDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <ListingFormDialog listing={dialog.listing} onClose={() => setDialog(null)} />}
      {dialog && dialog.kind !== 'new' && dialog.kind !== 'import' && dialog.kind !== 'edit' && (
        <ListingActionDialog kind={dialog.kind} listing={dialog.listing} onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}

/** /archived-listings: the same screen over archived listings, with unarchive. */
export function ArchivedListingsPage() {
  return <ListingsPage archived />;
}
