import { registerAutomationSource } from '../automations/automations.api';
import { appointmentAutomationSource } from './appointments.automation';

/** Called once from app.ts: the appointment's source for the automated-message engine. */
export function registerAppointments(): void {
  registerAutomationSource({ entity: 'appointment', source: appointmentAutomationSource });
}
