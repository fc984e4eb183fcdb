import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TArTransaction } from '@cd/contracts/accounting';
import { formatMoney } from '@cd/contracts/payment-money';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArTransactions } from '../api/get-ar-transactions';
import { isSelectable, selectedTransactions, selectionSum } from '../lib/ar-screen';
import { CreateStatementDialog } from './create-statement-dialog';

const NUM = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function StateChip({ tx }: { tx: TArTransaction }) {
  const { t } = useTranslation();
  if (tx.reconciled) return <Chip size="small" color="success" variant="outlined" label={t('ar_tx_reconciled')} />;
  if (tx.inStatement) return <Chip size="small" color="info" variant="outlined" label={t('ar_tx_in_statement')} />;
  return <Chip size="small" variant="outlined" label={t('ar_tx_open')} />;
}

/** One account's transactions, newest first, with "load more"; open ones can be picked for a statement. */
export function ArTransactionList({ customerId, accountName, onCreated }: { customerId: number; accountName: string; onCreated: () => void }) {
  const { t } = useTranslation();
  const list = useArTransactions(customerId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.member) ?? [], [list.data]);
  const picked = useMemo(() => selectedTransactions(rows, selected), [rows, selected]);
  const sum = selectionSum(picked);
  const selectable = rows.filter(isSelectable);
  const allPicked = selectable.length > 0 && picked.length === selectable.length;
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (list.isPending) return <Skeleton variant="rectangular" height={160} sx={{ m: 2 }} />;
  if (list.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>} data-testid="ar-transactions-error">
        {t('ar_load_error')}
      </Alert>
    );
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="ar-transactions-empty">
        {t('ar_no_transactions')}
      </Typography>
    );
  return (
    <Box data-testid="ar-transaction-list">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }} data-testid="ar-selection-summary" aria-live="polite">
          {picked.length ? t('ar_selected_summary', { count: picked.length, amount: formatMoney(sum) }) : t('ar_select_hint')}
        </Typography>
        <Button variant="contained" size="small" disabled={picked.length === 0} onClick={() => setConfirming(true)} data-testid="ar-create-statement">
          {t('ar_create_statement')}
        </Button>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('ar_transactions')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={allPicked}
                  indeterminate={picked.length > 0 && !allPicked}
                  disabled={selectable.length === 0}
                  onChange={() => setSelected(allPicked ? new Set() : new Set(selectable.map((tx) => tx.id)))}
                  slotProps={{ input: { 'aria-label': t('ar_select_all') } }}
                  data-testid="ar-select-all"
                />
              </TableCell>
              <TableCell>{t('ar_tx_date')}</TableCell>
              <TableCell>{t('ar_tx_document')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('ar_tx_journal')}</TableCell>
              <TableCell sx={NUM}>{t('ar_tx_amount')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('ar_tx_state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((tx) => {
              const can = isSelectable(tx);
              return (
                <TableRow key={tx.id} hover={can} data-testid={`ar-tx-${tx.id}`}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={can && selected.has(tx.id)}
                      disabled={!can}
                      onChange={() => toggle(tx.id)}
                      slotProps={{ input: { 'aria-label': t('ar_select_transaction', { document: tx.documentNumber }) } }}
                      data-testid={`ar-tx-check-${tx.id}`}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(tx.transactionAt).format('MM/DD/YYYY')}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{tx.documentNumber}</Typography>
                    {tx.transactionNumber && (
                      <Typography variant="caption" color="text.secondary">
                        {tx.transactionNumber}
                        {tx.sequenceNumber > 1 ? ` / ${tx.sequenceNumber}` : ''}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{[tx.journal, tx.source].filter(Boolean).join(' · ')}</TableCell>
                  <TableCell sx={{ ...NUM, color: tx.amount < 0 ? 'success.main' : undefined }}>{formatMoney(tx.amount)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <StateChip tx={tx} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {list.hasNextPage && (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="ar-transactions-more">
            {t('ar_load_more')}
          </Button>
        </Box>
      )}
      {confirming && (
        <CreateStatementDialog
          customerId={customerId}
          accountName={accountName}
          transactions={picked}
          onClose={() => setConfirming(false)}
          onCreated={() => {
            setConfirming(false);
            setSelected(new Set());
            onCreated();
          }}
        />
      )}
    </Box>
  );
}
