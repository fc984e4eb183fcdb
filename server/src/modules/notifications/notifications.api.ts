/** What other modules may use of notifications: notify one staff member in their transaction (row, live toast, delivery job). */
export { queueUserNotification, type TNotificationInput } from './notifications.jobs';
