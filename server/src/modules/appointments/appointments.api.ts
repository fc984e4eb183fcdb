/**
 * What other modules may use of appointments (the public booking page, the messenger's reminder button): free
 * times, holds and booking a hold, each in the caller's transaction.
 */
export { computeAvailability, holdSlot, releaseHold, appointmentsSettingsOf, bookingStepsOf } from './appointments-booking.service';
export { bookHeldSlot } from './appointment-actions.service';
export { loadAppointmentsCompany, requireAppointmentsReader } from './appointments.access';
export { findNextConfirmedAppointment } from './appointments.repository';
export { appointmentsRoutes } from './appointments.routes';
export { scheduleRoutes } from './schedule.routes';
export { registerAppointments } from './appointments.register';
/** The company's working hours of a day (analytics measures response times in business hours with them). */
export { companySpansOf, type TCompanyWeek } from './availability';
