import { registerAutomationSource } from '../automations/automations.api';
import { registerLinkPage } from '../customer-links/customer-links.api';
import { repairOrderAutomationSource } from './repair-orders.automation';
import { approvalLinkPage, statusLinkPage, vehicleReadyLinkPage } from './repair-orders.pages';

/** Called once from app.ts: the engine's source for repair orders and the three public pages of their links. */
export function registerRepairOrderAutomations(): void {
  registerAutomationSource({ entity: 'repair_order', source: repairOrderAutomationSource });
  registerLinkPage({ purpose: 'status', page: statusLinkPage });
  registerLinkPage({ purpose: 'approval', page: approvalLinkPage });
  registerLinkPage({ purpose: 'vehicle_ready', page: vehicleReadyLinkPage });
}
