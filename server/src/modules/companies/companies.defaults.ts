import { DEFAULT_HOURS, DEFAULT_MODULES } from '@cd/contracts/company';
import { ASSIGNABLE_ROLES } from '@cd/contracts/roles';

/** Settings a new company starts with (used by company creation, the demo seed and tests). */
export function defaultCompanySettings(modules: Record<string, boolean> = {}) {
  return {
    hours: DEFAULT_HOURS,
    modules: { ...DEFAULT_MODULES, ...modules },
    customerView: {},
    surveySettings: { daysAfter: 0, sendAtHour: 9, resendUncompletedDaysAfter: 0 },
    realEstateSettings: {},
    automotiveMessages: {},
    ocs: { safeMode: false, smsWhitelist: [] },
    alerts: { alertUserIfMessageUnreadForMinutes: 0 },
    appointmentsSettings: {},
    availableUserRoles: [...ASSIGNABLE_ROLES],
  };
}
