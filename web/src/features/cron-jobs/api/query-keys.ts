/** Cache keys of the scheduled-jobs feature; live events and every change address them by prefix. */
export const cronJobsKeys = {
  all: ['cron-jobs'] as const,
  list: ['cron-jobs', 'list'] as const,
  runs: (name: string) => ['cron-jobs', 'runs', name] as const,
};
