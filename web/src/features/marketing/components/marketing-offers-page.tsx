import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useTranslation } from 'react-i18next';
import type { TOffer, TOfferStatus } from '@cd/contracts/offers';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { formatDateTime } from '../../../lib/format';
import { useMarketingOffers } from '../api/get-marketing-offers';

const STATUS_COLOR: Record<TOfferStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  failed: 'error',
};
const FIGURES = ['recipients', 'sent', 'delivered', 'replied', 'optedOut'] as const;
const COLUMNS = 3 + FIGURES.length;

function OfferRow({ offer }: { offer: TOffer }) {
  const { t } = useTranslation();
  const chip = (
    <Chip
      size="small"
      color={STATUS_COLOR[offer.status]}
      variant={offer.status === 'draft' ? 'outlined' : 'filled'}
      label={t(`offer_status_${offer.status}`)}
    />
  );
  return (
    <TableRow hover data-testid={`marketing-offer-${offer.id}`} data-status={offer.status}>
      <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{offer.name}</TableCell>
      <TableCell>
        {offer.status === 'failed' ? (
          <Tooltip title={`${t('offers_not_sent')}: ${offer.failureReason ?? ''}`}>
            <span>{chip}</span>
          </Tooltip>
        ) : (
          chip
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(offer.sentAt ?? offer.scheduledAt ?? offer.createdAt)}</TableCell>
      {FIGURES.map((key) => (
        <TableCell key={key} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`marketing-offer-${offer.id}-${key}`}>
          {offer.results[key]}
        </TableCell>
      ))}
    </TableRow>
  );
}

/** `/marketing/offers` (spec part 1 §2, part 2 §7): every offer with its results; follows live progress (lib/live.ts). */
export function MarketingOffersPage() {
  const { t } = useTranslation();
  const list = useMarketingOffers();
  const rows = list.data ?? [];

  let body;
  if (list.isError)
    body = <LoadErrorAlert error={list.error} failedText={t('offers_load_failed')} onRetry={() => void list.refetch()} testId="marketing-offers-error" />;
  else if (!list.isPending && rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ p: 3 }} data-testid="marketing-offers-empty">
        {t('offers_empty')}
      </Typography>
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('menu_marketing_offers')} sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('offers_col_name')}</TableCell>
                <TableCell>{t('offers_col_status')}</TableCell>
                <TableCell>{t('offers_col_date')}</TableCell>
                <TableCell align="right">{t('offers_result_recipients')}</TableCell>
                <TableCell align="right">{t('offers_result_sent')}</TableCell>
                <TableCell align="right">{t('offers_result_delivered')}</TableCell>
                <TableCell align="right">{t('offers_result_replied')}</TableCell>
                <TableCell align="right">{t('offers_result_opted_out')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? <TableLoadingRows columns={COLUMNS} testId="marketing-offers-loading" /> : rows.map((o) => <OfferRow key={o.id} offer={o} />)}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );

  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1300, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="marketing-offers-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('menu_marketing_offers')}
        </Typography>
        {list.data && (
          <Typography color="text.secondary" data-testid="marketing-offers-count">
            {rows.length}
          </Typography>
        )}
      </Box>
      {body}
    </Box>
  );
}
