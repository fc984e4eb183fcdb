import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TOffer } from '@cd/contracts/offers';
import { formatDateTime } from '../../../lib/format';
import { isOfferEditable } from '../lib/audience';
import { OfferResults } from './offer-results';
import { OfferStatusChip } from './offer-status-chip';

function whenOf(offer: TOffer, t: (key: string, opts?: Record<string, unknown>) => string): string {
  if (offer.sentAt) return t('offers_sent_at', { date: formatDateTime(offer.sentAt) });
  if (offer.status === 'scheduled' && offer.scheduledAt) return t('offers_scheduled_for', { date: formatDateTime(offer.scheduledAt) });
  return t('offers_created_at', { date: formatDateTime(offer.createdAt) });
}

/** One offer: name, status, when, its text, the results once it went out, or why it was not sent. */
export function OfferCard({ offer, onOpen, onDelete }: { offer: TOffer; onOpen: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const editable = isOfferEditable(offer);
  const wentOut = offer.status === 'sending' || offer.status === 'sent' || offer.results.recipients > 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid={`offer-${offer.id}`} data-status={offer.status}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {offer.name}
        </Typography>
        <OfferStatusChip status={offer.status} />
        <Typography variant="caption" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          {whenOf(offer, t)}
        </Typography>
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {offer.message}
      </Typography>
      {offer.status === 'failed' && (
        <Alert severity="error" data-testid={`offer-failed-${offer.id}`}>
          <AlertTitle>{t('offers_not_sent')}</AlertTitle>
          {offer.failureReason}
        </Alert>
      )}
      {wentOut && <OfferResults results={offer.results} testId={`offer-results-${offer.id}`} />}
      {editable && (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete} data-testid={`offer-delete-${offer.id}`}>
            {t('delete')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={onOpen} data-testid={`offer-open-${offer.id}`}>
            {t('offers_continue')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
