/** What other modules may use of reminders: the dashboard's card of the caller's open ones. */
export { listOpenRemindersInTx } from './reminders.service';
export { remindersRoutes } from './reminders.routes';
