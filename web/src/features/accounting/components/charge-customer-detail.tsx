import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../lib/format';
import { useChargeCustomer } from '../api/get-charge-customer';
import { AGING_COLUMNS, AGING_LABEL_KEYS } from '../lib/ar-screen';
import { ArStatementList } from './ar-statement-list';
import { ArTransactionList } from './ar-transaction-list';

type TTab = 'transactions' | 'statements';

/** One charge customer: contact, balance by age, then its transactions (to make statements from) and statements. */
export function ChargeCustomerDetail({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const customer = useChargeCustomer(customerId);
  const [tab, setTab] = useState<TTab>('transactions');

  if (customer.isPending) return <Skeleton variant="rectangular" height={200} sx={{ m: 2 }} />;
  if (customer.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void customer.refetch()}>{t('retry')}</Button>} data-testid="ar-customer-error">
        {t('ar_load_error')}
      </Alert>
    );
  const c = customer.data;
  const facts = [c.accountNumber, c.phone ? formatPhone(c.phone) : null, c.email].filter(Boolean);
  return (
    <Box data-testid="ar-customer-detail">
      <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h2">
            {c.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
          {c.customerName ? (
            <Typography variant="caption" color="text.secondary">
              {t('ar_texts_go_to', { name: c.customerName })}
            </Typography>
          ) : (
            <Typography variant="caption" color="warning.main" data-testid="ar-not-linked">
              {t('ar_not_linked')}
            </Typography>
          )}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="overline">{t('ar_balance')}</Typography>
          <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="ar-customer-balance">
            {formatMoney(c.aging.total)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1, px: 2, pb: 1.5 }}>
        {AGING_COLUMNS.map((b) => (
          <Box key={b}>
            <Typography variant="caption" color="text.secondary" component="div">
              {t(AGING_LABEL_KEYS[b])}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', color: b === 'days90' && c.aging[b] > 0 ? 'error.main' : undefined }}>
              {formatMoney(c.aging[b])}
            </Typography>
          </Box>
        ))}
      </Box>
      <Tabs value={tab} onChange={(_e, v: TTab) => setTab(v)} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
        <Tab value="transactions" label={t('ar_transactions')} data-testid="ar-tab-transactions" />
        <Tab value="statements" label={t('ar_statements')} data-testid="ar-tab-statements" />
      </Tabs>
      {tab === 'transactions' ? (
        <ArTransactionList customerId={c.id} accountName={c.name} onCreated={() => setTab('statements')} />
      ) : (
        <ArStatementList customerId={c.id} />
      )}
    </Box>
  );
}
