import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePartsCustomers } from '../api/get-parts-customers';

/** The accounts by name, with what each owes; a search narrows by name or reference. */
export function PartsCustomerList({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = usePartsCustomers(debounced);
  const members = list.data?.member ?? [];
  return (
    <Box>
      <Box sx={{ p: 1.5 }}>
        <TextField
          size="small"
          fullWidth
          label={t('parts_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'parts-search' } }}
        />
      </Box>
      {list.isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Box>
      ) : list.isError ? (
        <Alert severity="error" sx={{ m: 1.5 }} action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>} data-testid="parts-customers-error">
          {t('parts_load_error')}
        </Alert>
      ) : members.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="parts-customers-empty">
          {debounced ? t('parts_no_match') : t('parts_no_customers')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="parts-customer-list">
          {members.map((c) => (
            <ListItemButton key={c.id} selected={c.id === selectedId} onClick={() => onSelect(c.id)} data-testid={`parts-customer-${c.id}`}>
              <ListItemText primary={c.name} secondary={c.customerReference || c.contactName || null} slotProps={{ primary: { noWrap: true } }} />
              <Box sx={{ textAlign: 'right', ml: 1 }}>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(c.balanceCents)}
                </Typography>
                {c.overdueCents > 0 && (
                  <Typography variant="caption" color="error">
                    {t('parts_overdue_amount', { amount: formatMoney(c.overdueCents) })}
                  </Typography>
                )}
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
