/** Cache keys of the dashboard feature; the live-event handler addresses them by prefix. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
  stats: ['dashboard', 'stats'] as const,
  reminders: ['dashboard', 'reminders'] as const,
};
