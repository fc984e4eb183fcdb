import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { useTranslation } from 'react-i18next';
import { useAging } from '../api/get-aging';
import { AGING_COLUMNS, AGING_LABEL_KEYS, agingShares } from '../lib/ar-screen';

const BAR_COLORS = { current: 'success.main', days30: 'info.main', days60: 'warning.main', days90: 'error.main' } as const;

/** The company's open balance and its split by age, above the accounts. */
export function AgingSummary() {
  const { t } = useTranslation();
  const aging = useAging();
  if (aging.isPending) return <Skeleton variant="rectangular" height={96} />;
  if (aging.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void aging.refetch()}>{t('retry')}</Button>} data-testid="ar-aging-error">
        {t('ar_load_error')}
      </Alert>
    );
  const { total, customers } = aging.data;
  const shares = agingShares(total);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ar-aging-summary">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 2 }}>
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <Typography variant="overline" color="text.secondary">
            {t('ar_total_owed')}
          </Typography>
          <Typography variant="h5" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="ar-aging-total">
            {formatMoney(total.total)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('ar_customers_count', { count: customers })}
          </Typography>
        </Box>
        {AGING_COLUMNS.map((b) => (
          <Box key={b}>
            <Typography variant="overline" color="text.secondary">
              {t(AGING_LABEL_KEYS[b])}
            </Typography>
            <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`ar-aging-${b}`}>
              {formatMoney(total[b])}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', height: 6, borderRadius: 3, overflow: 'hidden', mt: 1.5, bgcolor: 'action.hover' }} aria-hidden>
        {AGING_COLUMNS.map((b) => (
          <Box key={b} sx={{ width: `${shares[b]}%`, bgcolor: BAR_COLORS[b] }} />
        ))}
      </Box>
    </Paper>
  );
}
