import { useCurrentUser } from '../../../lib/current-user';
import { useCompanyZone } from '../api/get-company-zone';

/** The signed-in user's company id: `companyData.id`, else the `/api/companies/{id}` reference. */
function companyIdOf(me: { company: string | null; companyData: { id: number } | null }): number | null {
  if (me.companyData?.id) return me.companyData.id;
  const m = me.company ? /\/(\d+)$/.exec(me.company) : null;
  return m ? Number(m[1]) : null;
}

/**
 * The company the appointments run for, its clock, and whether its appointments module is on (as the shell knows it;
 * the server's 403 `appointments_module_off` says the same when the shell is out of date).
 */
export function useAppointmentsCompany() {
  const me = useCurrentUser();
  const companyId = companyIdOf(me);
  const zone = useCompanyZone(companyId);
  const moduleOff = me.companyData ? me.companyData.modules.appointments === false : false;
  return { me, companyId, zone, moduleOff };
}
