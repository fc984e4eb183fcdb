import { z } from 'zod';
import { ZBooleanQueryParamSchema } from './query';
import { ZIsoDateTimeSchema } from './refs';

/**
 * Staff tasks with a due time (issue 14: the follow-up of a negative survey goes to the advisor's manager). Closing a
 * task tells the module it is about (closing a survey follow-up resolves the survey).
 */
export const TASK_NOTE_MAX = 2000;
export const TASKS_PER_PAGE = 50;
export const TASK_ALREADY_DONE = 'task_already_done';

export const ZTaskSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Task'),
    id: z.number().int(),
    title: z.string(),
    body: z.string().nullable(),
    assignee: z.object({ '@id': z.string(), id: z.number().int(), name: z.string() }).nullable(),
    customer: z.string().nullable(),
    /** What it is about, e.g. `/api/surveys/12`. */
    about: z.string().nullable(),
    /** App path to open for it (e.g. the unresolved surveys). */
    link: z.string().nullable(),
    dueAt: ZIsoDateTimeSchema,
    doneAt: ZIsoDateTimeSchema.nullable(),
    doneNote: z.string().nullable(),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'Task' });
export type TTask = z.infer<typeof ZTaskSchema>;

/** GET /api/tasks: the caller's tasks (company admins: `assignee=all` for everyone's), open ones by due time. */
export const ZTaskListQuerySchema = z.object({
  'exists[doneAt]': ZBooleanQueryParamSchema.optional(),
  assignee: z.enum(['me', 'all']).optional(),
});
export type TTaskListQuery = z.infer<typeof ZTaskListQuerySchema>;

/** PUT /api/tasks/{id}/done: what was done, optionally. */
export const ZTaskDoneSchema = z.strictObject({ note: z.string().trim().max(TASK_NOTE_MAX).optional() }).nullish();
export type TTaskDone = z.infer<typeof ZTaskDoneSchema>;
