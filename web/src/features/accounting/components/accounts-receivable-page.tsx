import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { AgingSummary } from './aging-summary';
import { ArImportDialog } from './ar-import-dialog';
import { ChargeCustomerDetail } from './charge-customer-detail';
import { ChargeCustomerTable } from './charge-customer-table';

/**
 * `/accounting/accounts_receivable` (issue 17): the company's aging on top, the charge customers with balance and
 * aging, and the chosen one's transactions and statements (on a phone, the account replaces the list).
 */
export function AccountsReceivablePage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('customer')) || null;
  const select = (id: number | null) => setParams(id ? { customer: String(id) } : {}, { replace: true });
  const [importing, setImporting] = useState(false);
  const showList = !mobile || selected === null;
  const showDetail = selected !== null;
  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1400, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="ar-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {mobile && selected !== null && (
          <Button startIcon={<ArrowBackOutlined />} onClick={() => select(null)} data-testid="ar-back">
            {t('ar_customers')}
          </Button>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_accounts_receivable')}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)} data-testid="ar-import-open">
          {t('ar_import')}
        </Button>
      </Box>
      {showList && <AgingSummary />}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: showDetail ? 'minmax(280px, 2fr) minmax(0, 3fr)' : '1fr' }, gap: 2, alignItems: 'start' }}
      >
        {showList && (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <ChargeCustomerTable selectedId={selected} onSelect={select} compact={mobile || showDetail} />
          </Paper>
        )}
        {selected !== null && (
          <Paper variant="outlined" sx={{ minHeight: 240, overflow: 'hidden' }}>
            <ChargeCustomerDetail key={selected} customerId={selected} />
          </Paper>
        )}
      </Box>
      {importing && <ArImportDialog onClose={() => setImporting(false)} />}
    </Box>
  );
}
