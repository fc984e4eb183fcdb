import Box from '@mui/material/Box';
import type { TCompany } from '@cd/contracts/company';
import { isCompanyAdmin } from '@cd/contracts/roles';
import { useCurrentUser } from '../../../lib/current-user';
import { GeneralInfoForm } from './general-info-form';
import { ServicesSection } from './services-section';
import { WorkingHoursForm } from './working-hours-form';

/** general_data: company info and working hours, each its own form (saving one never sends the other), then the
 * service catalogue (company admins edit it, everyone else reads it). */
export function GeneralDataTab({ company }: { company: TCompany }) {
  const me = useCurrentUser();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <GeneralInfoForm company={company} />
      <WorkingHoursForm company={company} />
      <ServicesSection companyId={company.id} canEdit={isCompanyAdmin(me.roles)} />
    </Box>
  );
}
