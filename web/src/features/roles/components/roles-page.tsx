import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useRoleCatalogue } from '../api/get-role-catalogue';
import { CompanyRolesMatrix } from './company-roles-matrix';
import { RoleCard } from './role-card';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /roles (super admins, issue 20): the role catalogue the server's guards read, one card per role with what it unlocks
 * and who holds it, and below it the roles each company may hand out.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const catalogue = useRoleCatalogue();

  let body;
  if (catalogue.isError && !catalogue.data)
    body = <LoadErrorAlert error={catalogue.error} failedText={t('roles_load_failed')} onRetry={() => void catalogue.refetch()} testId="roles-error" />;
  else if (catalogue.isPending)
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }} data-testid="roles-loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={180} />
        ))}
      </Box>
    );
  else if (catalogue.data.roles.length === 0)
    body = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="roles-empty">
        {t('roles_empty')}
      </Paper>
    );
  else
    body = (
      <>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }} data-testid="role-cards">
          {catalogue.data.roles.map((entry) => (
            <RoleCard key={entry.role} entry={entry} />
          ))}
        </Box>
        <CompanyRolesMatrix catalogue={catalogue.data} />
      </>
    );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto' }} data-testid="roles-page">
      <PageTitle title={t('menu_roles')} intro={t('roles_intro')} />
      {body}
    </Box>
  );
}
