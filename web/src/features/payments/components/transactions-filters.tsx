import { useEffect, useRef, useState } from 'react';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, PAYMENT_TRANSACTION_STATUSES } from '@cd/contracts/payments';
import { EMPTY_TRANSACTION_FILTERS, type TTransactionFilters } from '../lib/transactions-query';

/**
 * Status, method, day range and search. The search waits for a pause in typing; "/" anywhere on the page jumps to it
 * (as in the other lists people filter all day), Escape in it clears it.
 */
export function TransactionsFilters({
  value,
  onChange,
  error,
}: {
  value: TTransactionFilters;
  onChange: (next: TTransactionFilters) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value.search);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // Back / forward in the browser changes the address: the field follows (React's "adjust state on a prop change").
  const [seen, setSeen] = useState(value.search);
  if (seen !== value.search) {
    setSeen(value.search);
    if (search.trim() !== value.search.trim()) setSearch(value.search);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const typeSearch = (text: string) => {
    setSearch(text);
    window.clearTimeout(timer.current);
    // The list is asked once typing pauses, not per key.
    timer.current = window.setTimeout(() => {
      if (text.trim() !== value.search.trim()) onChange({ ...value, search: text });
    }, 350);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      e.preventDefault();
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const set = (patch: Partial<TTransactionFilters>) => onChange({ ...value, ...patch });
  const anySet = JSON.stringify({ ...value, search }) !== JSON.stringify(EMPTY_TRANSACTION_FILTERS);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(200px, 2fr) repeat(4, minmax(120px, 1fr)) auto' },
        gap: 1.5,
        alignItems: 'start',
      }}
      role="search"
      data-testid="transactions-filters"
    >
      <TextField
        size="small"
        label={t('transactions_search')}
        placeholder={t('transactions_search_hint')}
        value={search}
        onChange={(e) => typeSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && search) {
            e.preventDefault();
            typeSearch('');
          }
        }}
        inputRef={searchRef}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        slotProps={{
          htmlInput: { maxLength: 100, 'data-testid': 'transactions-search', 'aria-keyshortcuts': '/' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('transactions_status')}
        value={value.status}
        onChange={(e) => set({ status: e.target.value as TTransactionFilters['status'] })}
        slotProps={{ htmlInput: { 'data-testid': 'transactions-status' } }}
      >
        <MenuItem value="">{t('transactions_all')}</MenuItem>
        {PAYMENT_TRANSACTION_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`transaction_status_${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('transactions_method')}
        value={value.method}
        onChange={(e) => set({ method: e.target.value as TTransactionFilters['method'] })}
        slotProps={{ htmlInput: { 'data-testid': 'transactions-method' } }}
      >
        <MenuItem value="">{t('transactions_all')}</MenuItem>
        {PAYMENT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`payment_method_${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label={t('transactions_from')}
        value={value.from}
        onChange={(e) => set({ from: e.target.value })}
        error={!!error}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'transactions-from' } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('transactions_to')}
        value={value.to}
        onChange={(e) => set({ to: e.target.value })}
        error={!!error}
        helperText={error ? t(error) : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'transactions-to' } }}
      />
      <Button
        onClick={() => {
          window.clearTimeout(timer.current);
          setSearch('');
          onChange(EMPTY_TRANSACTION_FILTERS);
        }}
        disabled={!anySet}
        sx={{ alignSelf: 'center' }}
        data-testid="transactions-clear"
      >
        {t('transactions_clear')}
      </Button>
    </Box>
  );
}
