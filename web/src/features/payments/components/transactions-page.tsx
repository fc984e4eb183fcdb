import { useState } from 'react';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TPaymentTransactionDetail } from '@cd/contracts/payment-operations';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { formatListTotal } from '../../../lib/format';
import { useExportTransactions } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import { saveBlob } from '../../../lib/save-blob';
import { filtersProblem, readTransactionFilters, transactionsCsvName, writeTransactionFilters } from '../lib/transactions-query';
import { RecurringRulesPanel } from './recurring-rules-panel';
import { RefundDialog } from './refund-dialog';
import { TransactionsFilters } from './transactions-filters';
import { TransactionsTable } from './transactions-table';

function Figure({ label, cents, testId }: { label: string; cents: number | null | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, flex: 1, minWidth: 150 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="div"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        title={cents === null ? t('transactions_totals_capped') : undefined}
      >
        {cents === undefined ? '…' : cents === null ? '—' : formatMoney(cents)}
      </Typography>
    </Paper>
  );
}

/**
 * /payment/transactions (spec part 1 §2, issue 17): every sale, refund and void with filters, the filter's totals and
 * a CSV of it; refunds for the payment role and company admins. New rows and refunds arrive live.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const canRefund = me.roles.includes('ROLE_PAYMENT') || isCompanyAdmin(me);
  const [params, setParams] = useSearchParams();
  const filters = readTransactionFilters(params);
  const problem = filtersProblem(filters);
  const list = useTransactions(filters, problem === null);
  const exporter = useExportTransactions();
  const [refunding, setRefunding] = useState<TPaymentTransactionDetail | null>(null);

  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((p) => p.member) ?? [];
  const count = formatListTotal(first);
  const exportCsv = () => {
    const fileName = transactionsCsvName(filters, dayjs().format('YYYY-MM-DD'));
    exporter.mutate(filters, { onSuccess: (blob) => saveBlob({ blob, fileName }) });
  };

  let body;
  if (problem) body = null;
  else if (list.isError && !list.data)
    body = (
      <Alert
        severity="error"
        data-testid="transactions-error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('transactions_load_failed')}
      </Alert>
    );
  else if (!list.isPending && rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="transactions-empty">
        {params.toString() ? t('transactions_none_for_filter') : t('transactions_none')}
      </Typography>
    );
  else
    body = (
      <Paper variant="outlined">
        <TransactionsTable rows={rows} loading={list.isPending} canRefund={canRefund} onRefund={setRefunding} />
        {list.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
            <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="transactions-more">
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
      data-testid="transactions-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_payment_transactions')}
          {count && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid="transactions-count">
              ({count})
            </Typography>
          )}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={exporter.isPending ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
          disabled={exporter.isPending || !!problem}
          onClick={exportCsv}
          data-testid="transactions-export"
        >
          {t('transactions_export')}
        </Button>
      </Box>
      <TransactionsFilters value={filters} onChange={(next) => setParams(writeTransactionFilters(next))} error={problem} />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }} aria-live="polite">
        <Figure label={t('transactions_total_sales')} cents={problem ? null : first?.totals?.salesCents} testId="transactions-total-sales" />
        <Figure label={t('transactions_total_refunds')} cents={problem ? null : first?.totals?.refundsCents} testId="transactions-total-refunds" />
        <Figure label={t('transactions_total_net')} cents={problem ? null : first?.totals?.netCents} testId="transactions-total-net" />
      </Box>
      {body}
      {canRefund && <RecurringRulesPanel />}
      {refunding && <RefundDialog transaction={refunding} onClose={() => setRefunding(null)} />}
    </Box>
  );
}
