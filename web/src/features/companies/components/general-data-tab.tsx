import Box from '@mui/material/Box';
import type { TCompany } from '@cd/contracts/company';
import { GeneralInfoForm } from './general-info-form';
import { WorkingHoursForm } from './working-hours-form';

/** general_data: company info and working hours, each its own form (saving one never sends the other). */
export function GeneralDataTab({ company }: { company: TCompany }) {
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <GeneralInfoForm company={company} />
      <WorkingHoursForm company={company} />
    </Box>
  );
}
