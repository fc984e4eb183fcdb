import { registerAutomationSource } from '../automations/automations.api';
import { vehicleAutomationSource } from './vehicle-appraisal.service';

/** Called once from app.ts: the engine's source for vehicle texts (the appraisal). */
export function registerVehicleAutomations(): void {
  registerAutomationSource({ entity: 'vehicle', source: vehicleAutomationSource });
}
