import { registerAutomationSource } from '../automations/automations.api';
import { registerLinkPage } from '../customer-links/customer-links.api';
import { appointmentAutomationSource } from './appointments.automation';
import { bookingLinkPage } from './public-booking.service';

/** Called once from app.ts: the appointment's source for the automated-message engine, and the booking link's page. */
export function registerAppointments(): void {
  registerAutomationSource({ entity: 'appointment', source: appointmentAutomationSource });
  registerLinkPage({ purpose: 'booking', page: bookingLinkPage });
}
