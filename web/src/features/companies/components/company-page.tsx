import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { NotAvailablePage } from '../../../components/ui/not-available-page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useCompany } from '../api/get-company';

/** /companies/{id}/{tab?}: the header is real; the settings tabs are not built yet. */
export function CompanyPage() {
  const { t } = useTranslation();
  const { companyId } = useParams();
  const id = Number(companyId);
  const company = useCompany(id);

  if (!Number.isInteger(id) || id <= 0) return <MessagePage title={t('page_not_found')} testId="page-not-found" />;
  if (company.isPending) return <PageSpinner />;
  if (company.isError) return <MessagePage title={t('company_load_failed')} testId="company-error" />;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, md: 3 }, pt: 3 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="company-name">
          {company.data.name}
        </Typography>
        <Chip
          size="small"
          color={company.data.enabled ? 'success' : 'default'}
          label={company.data.enabled ? t('enabled') : t('disabled')}
        />
      </Box>
      <NotAvailablePage />
    </Box>
  );
}
