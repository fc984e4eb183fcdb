import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useChargeCustomers } from '../api/get-charge-customers';
import { AGING_COLUMNS, AGING_LABEL_KEYS, formatAgingCell } from '../lib/ar-screen';

const NUM = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The charge customers with balance and aging; a row opens the account (click, Enter or Space). */
export function ChargeCustomerTable({ selectedId, onSelect, compact }: { selectedId: number | null; onSelect: (id: number) => void; compact: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useChargeCustomers(debounced);
  const members = list.data?.pages.flatMap((p) => p.member) ?? [];
  const onKey = (e: KeyboardEvent, id: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(id);
    }
  };
  return (
    <Box>
      <Box sx={{ p: 1.5 }}>
        <TextField
          size="small"
          fullWidth
          type="search"
          label={t('ar_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'ar-search' } }}
        />
      </Box>
      {list.isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Box>
      ) : list.isError ? (
        <Alert severity="error" sx={{ m: 1.5 }} action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>} data-testid="ar-customers-error">
          {t('ar_load_error')}
        </Alert>
      ) : members.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="ar-customers-empty">
          {debounced ? t('ar_no_match') : t('ar_no_customers')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="ar-customer-table" aria-label={t('ar_customers')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('ar_customer')}</TableCell>
                <TableCell sx={NUM}>{t('ar_balance')}</TableCell>
                {!compact &&
                  AGING_COLUMNS.map((b) => (
                    <TableCell key={b} sx={NUM}>
                      {t(AGING_LABEL_KEYS[b])}
                    </TableCell>
                  ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((c) => (
                <TableRow
                  key={c.id}
                  hover
                  selected={c.id === selectedId}
                  tabIndex={0}
                  aria-selected={c.id === selectedId}
                  onClick={() => onSelect(c.id)}
                  onKeyDown={(e) => onKey(e, c.id)}
                  sx={{ cursor: 'pointer' }}
                  data-testid={`ar-customer-${c.id}`}
                >
                  <TableCell sx={{ maxWidth: 260 }}>
                    <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                      {c.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {c.accountNumber}
                      {compact && c.aging.days90 > 0 ? ` · ${t('ar_aging_90')} ${formatMoney(c.aging.days90)}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...NUM, fontWeight: 600 }}>{formatMoney(c.aging.total)}</TableCell>
                  {!compact &&
                    AGING_COLUMNS.map((b) => (
                      <TableCell
                        key={b}
                        sx={{ ...NUM, color: b === 'days90' && c.aging[b] > 0 ? 'error.main' : undefined }}
                        data-testid={`ar-customer-${c.id}-${b}`}
                      >
                        {formatAgingCell(c.aging[b])}
                      </TableCell>
                    ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.hasNextPage && (
            <Box sx={{ p: 1, textAlign: 'center' }}>
              <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="ar-customers-more">
                {t('ar_load_more')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
