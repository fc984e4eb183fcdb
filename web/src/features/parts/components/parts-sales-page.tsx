import AddOutlined from '@mui/icons-material/AddOutlined';
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
import { PartsCustomerDetail } from './parts-customer-detail';
import { PartsCustomerDialog } from './parts-customer-dialog';
import { PartsCustomerList } from './parts-customer-list';
import { PartsImportDialog } from './parts-import-dialog';

/** `/parts_sales` (issue 17): trade accounts on the left, the chosen one's tickets and statements on the right. */
export function PartsSalesPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('customer')) || null;
  const select = (id: number | null) => setParams(id ? { customer: String(id) } : {}, { replace: true });
  const [dialog, setDialog] = useState<'customer' | 'import' | null>(null);

  const showList = !mobile || selected === null;
  const showDetail = !mobile || selected !== null;
  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1300, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="parts-sales-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {mobile && selected !== null && (
          <Button startIcon={<ArrowBackOutlined />} onClick={() => select(null)} data-testid="parts-back">
            {t('parts_customers')}
          </Button>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_parts_sales')}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<UploadFileOutlined />} onClick={() => setDialog('import')} data-testid="parts-import-open">
          {t('parts_import')}
        </Button>
        <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={() => setDialog('customer')} data-testid="parts-customer-new">
          {t('parts_customer_new')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2fr' }, gap: 2, alignItems: 'start' }}>
        {showList && (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <PartsCustomerList selectedId={selected} onSelect={select} />
          </Paper>
        )}
        {showDetail && (
          <Paper variant="outlined" sx={{ minHeight: 240 }}>
            {selected === null ? (
              <Typography color="text.secondary" sx={{ p: 3 }} data-testid="parts-pick-customer">
                {t('parts_pick_customer')}
              </Typography>
            ) : (
              <PartsCustomerDetail key={selected} customerId={selected} />
            )}
          </Paper>
        )}
      </Box>
      {dialog === 'customer' && <PartsCustomerDialog onClose={() => setDialog(null)} onCreated={(id) => select(id)} />}
      {dialog === 'import' && <PartsImportDialog onClose={() => setDialog(null)} />}
    </Box>
  );
}
