/**
 * What other modules may use of tasks: create one in their transaction (a survey's follow-up), close one (a survey
 * resolved by hand closes its follow-up without telling back), pick the admin it goes to, and the `taskDone` hook
 * (closing a task tells the module it is about).
 */
export { closeTaskInTx, createTaskInTx, lockTaskInTx, pickLeastBusyAdmin, presentTasks } from './tasks.service';
export { taskDone, type TTaskDone } from './tasks.hooks';
export type { TTaskRow } from './tasks.schema';
