import type { TMe } from '@cd/contracts/user';

export interface TConfigWarning {
  key: 'welcome_message' | 'vehicle_ready' | 'repair_order_status_url' | 'survey_text';
  /** Catalogue key of the item's label. */
  labelKey: string;
  path: string;
}

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/**
 * Unconfigured messages a company admin is warned about (spec part 1 §2 "Global banners"):
 * welcome message; for automotive companies vehicle ready and repair order status URL; survey text.
 */
export function configWarnings(me: Pick<TMe, 'roles' | 'companyData'>): TConfigWarning[] {
  const company = me.companyData;
  if (!company || !me.roles.includes('ROLE_COMPANY_ADMIN')) return [];
  const messages = `/companies/${company.id}/automated_messages`;
  const warnings: TConfigWarning[] = [];
  if (blank(company.welcomeMessage)) warnings.push({ key: 'welcome_message', labelKey: 'config_welcome_message', path: messages });
  if (company.modules.automotive) {
    // The hash opens the automated messages' automotive sub-tab.
    if (blank(company.automotiveMessages.vehicleReady))
      warnings.push({ key: 'vehicle_ready', labelKey: 'config_vehicle_ready', path: `${messages}#automotive` });
    if (blank(company.automotiveMessages.repairOrderStatusUrl))
      warnings.push({ key: 'repair_order_status_url', labelKey: 'config_repair_order_status_url', path: `${messages}#automotive` });
  }
  if (blank(company.surveySettings.text))
    warnings.push({ key: 'survey_text', labelKey: 'config_survey_text', path: `/companies/${company.id}/csi` });
  return warnings;
}
