import AddOutlined from '@mui/icons-material/AddOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOffer } from '@cd/contracts/offers';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useDeleteOffer } from '../api/delete-offer';
import { useOffers } from '../api/get-offers';
import { OfferCard } from './offer-card';
import { OfferComposer } from './offer-composer';

/**
 * `/offers` (spec part 1 §2, issue 18): promotional texts to interests, tags and groups, newest first, each with its
 * results; "New offer" opens the composer (audience size and a confirmation before anything is sent).
 */
export function OffersPage() {
  const { t } = useTranslation();
  const list = useOffers();
  const del = useDeleteOffer();
  const [composing, setComposing] = useState<TOffer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TOffer | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.member) ?? [];
  const forbidden = list.error instanceof ApiError && list.error.status === 403;

  let body;
  if (list.isPending) body = [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={120} data-testid="offers-loading" />);
  else if (list.isError && !list.data)
    body = <LoadErrorAlert error={list.error} failedText={t('offers_load_failed')} onRetry={() => void list.refetch()} testId="offers-error" />;
  else if (rows.length === 0)
    body = (
      <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="offers-empty">
        <LocalOfferOutlined sx={{ fontSize: 48, mb: 1 }} />
        <Typography>{t('offers_empty')}</Typography>
      </Box>
    );
  else body = rows.map((offer) => <OfferCard key={offer.id} offer={offer} onOpen={() => setComposing(offer)} onDelete={() => setDeleting(offer)} />);

  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1000, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="offers-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_offers')}
        </Typography>
        <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={() => setComposing('new')} disabled={forbidden} data-testid="offer-new">
          {t('offers_new')}
        </Button>
      </Box>
      {body}
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            startIcon={list.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="offers-load-more"
          >
            {t('offers_load_more')}
          </Button>
        </Box>
      )}
      {composing !== null && (
        <OfferComposer
          key={composing === 'new' ? 'new' : composing.id}
          offer={composing === 'new' ? undefined : composing}
          onClose={() => setComposing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('offers_delete_title')}
        text={t('offers_delete_text', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={del.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Box>
  );
}
