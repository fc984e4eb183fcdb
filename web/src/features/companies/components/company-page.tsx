import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isSuperAdmin } from '@cd/contracts/roles';
import { MessagePage } from '../../../components/ui/message-page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { toastSuccess } from '../../../lib/toast';
import { useCompany } from '../api/get-company';
import { useUpdateCompanyState } from '../api/update-company-state';
import { getVisibleSettingsTabs, resolveSettingsTab } from '../lib/settings-tabs';
import { CompanyHeaderMenu } from './company-header-menu';
import { SettingsTabPanel } from './settings-tab-panel';
import { CompanyStatusChip } from './company-status-chip';

/** /companies/{id}/{tab?}: the company settings screen. The tab lives in the URL (back/forward switch tabs); a
 * missing, unknown or hidden tab redirects to general_data. Tabs not built yet say so instead of showing a fake form. */
export function CompanyPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { companyId, tab: requested } = useParams();
  const id = Number(companyId);
  const company = useCompany(id);
  const changeState = useUpdateCompanyState();

  if (!Number.isInteger(id) || id <= 0) return <MessagePage title={t('page_not_found')} testId="page-not-found" />;
  if (company.isPending) return <PageSpinner />;
  if (company.isError) return <MessagePage title={t('company_load_failed')} testId="company-error" />;

  const superAdmin = isSuperAdmin(me.roles);
  const visible = getVisibleSettingsTabs({ isSuperAdmin: superAdmin, modules: company.data.modules });
  const { tab, redirect } = resolveSettingsTab({ requested, visible });
  if (redirect) return <Navigate to={`/companies/${id}/${tab}`} replace />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, md: 3 }, pt: 3 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="company-name">
          {company.data.name}
        </Typography>
        <Chip
          size="small"
          color={company.data.enabled ? 'success' : 'default'}
          label={company.data.enabled ? t('enabled') : t('disabled')}
          data-testid="company-enabled-chip"
        />
        <CompanyStatusChip
          status={company.data.status}
          testId="company-status-chip"
          companyName={company.data.name}
          busy={changeState.isPending}
          onChange={superAdmin ? (status) => changeState.mutate({ id, body: { status } }, { onSuccess: () => toastSuccess(t('success')) }) : undefined}
        />
        {superAdmin && <CompanyHeaderMenu company={company.data} />}
      </Box>
      <Tabs
        value={tab}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('company_settings')}
        sx={{ px: { xs: 1, md: 2 }, mt: 1, borderBottom: 1, borderColor: 'divider' }}
        data-testid="company-tabs"
      >
        {visible.map((v) => (
          <Tab key={v} value={v} label={t(`settings_tab_${v}`)} component={Link} to={`/companies/${id}/${v}`} data-testid={`company-tab-${v}`} />
        ))}
      </Tabs>
      <Box sx={{ px: { xs: 2, md: 3 }, py: 3 }} role="tabpanel" data-testid={`company-tabpanel-${tab}`}>
        <SettingsTabPanel tab={tab} company={company.data} />
      </Box>
    </Box>
  );
}
