import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TPaymentTransactionDetail } from '@cd/contracts/payment-operations';
import type { TPaymentTransactionStatus } from '@cd/contracts/payments';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { formatDateTime } from '../../../lib/format';
import { cardLabelOf } from '../lib/payment-format';

const STATUS_COLOR: Record<TPaymentTransactionStatus, 'success' | 'error' | 'warning' | 'default' | 'info'> = {
  approved: 'success',
  declined: 'error',
  error: 'error',
  voided: 'default',
  refunded: 'default',
  partially_refunded: 'warning',
};

const COLUMNS = 8;

function Row({ tx, canRefund, onRefund }: { tx: TPaymentTransactionDetail; canRefund: boolean; onRefund: () => void }) {
  const { t } = useTranslation();
  const negative = tx.kind !== 'sale';
  return (
    <TableRow hover data-testid={`transaction-${tx.id}`} data-status={tx.status} data-kind={tx.kind}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(tx.createdAt)}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {tx.paymentRequest?.invoice || '—'}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t(`transaction_kind_${tx.kind}`)}
        </Typography>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{tx.customer?.name ?? '—'}</TableCell>
      <TableCell>
        <Typography variant="body2">{t(`payment_method_${tx.method}`)}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {cardLabelOf(tx)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 }}>
        {negative ? `−${formatMoney(Math.abs(tx.amountCents))}` : formatMoney(tx.amountCents)}
        {tx.refundedCents > 0 && (
          <Typography variant="caption" color="text.secondary" component="div">
            {t('transaction_refunded_amount', { amount: formatMoney(tx.refundedCents) })}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {tx.feeCents === null ? '—' : formatMoney(tx.feeCents)}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={STATUS_COLOR[tx.status]}
          variant={tx.status === 'approved' ? 'filled' : 'outlined'}
          label={t(`transaction_status_${tx.status}`)}
        />
      </TableCell>
      <TableCell align="right">
        {canRefund && tx.kind === 'sale' && tx.refundableCents > 0 && (
          <Button size="small" startIcon={<Undo />} onClick={onRefund} data-testid={`transaction-refund-${tx.id}`}>
            {t('refund')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The transactions of the filter: every row one sale, refund or void; sales the user may refund get a button. */
export function TransactionsTable(props: {
  rows: TPaymentTransactionDetail[];
  loading: boolean;
  canRefund: boolean;
  onRefund: (tx: TPaymentTransactionDetail) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('menu_payment_transactions')} sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('transactions_col_date')}</TableCell>
            <TableCell>{t('transactions_col_invoice')}</TableCell>
            <TableCell>{t('transactions_col_customer')}</TableCell>
            <TableCell>{t('transactions_col_method')}</TableCell>
            <TableCell align="right">{t('transactions_col_amount')}</TableCell>
            <TableCell align="right">{t('transactions_col_fee')}</TableCell>
            <TableCell>{t('transactions_col_status')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {t('actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.loading ? (
            <TableLoadingRows columns={COLUMNS} testId="transactions-loading" />
          ) : (
            props.rows.map((tx) => <Row key={tx.id} tx={tx} canRefund={props.canRefund} onRefund={() => props.onRefund(tx)} />)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
