import type { TTask } from '@cd/contracts/task';
import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TTaskRow } from './tasks.schema';

/** Where a task about an entity opens in the app. */
const LINKS: Record<string, (id: number) => string> = { survey: () => '/surveys?filter=unresolved' };
const RESOURCES: Record<string, string> = { survey: 'surveys' };

export function toTaskResource(t: TTaskRow, assignee: { id: number; name: string } | null): TTask {
  const about = t.entity && t.entityId !== null && RESOURCES[t.entity] ? iri(RESOURCES[t.entity]!, t.entityId) : null;
  return {
    '@id': iri('tasks', t.id),
    '@type': 'Task',
    id: t.id,
    title: t.title,
    body: t.body,
    assignee: assignee ? { '@id': iri('users', assignee.id), id: assignee.id, name: assignee.name } : null,
    customer: t.customerId === null ? null : iri('customers', t.customerId),
    about,
    link: t.entity && t.entityId !== null && LINKS[t.entity] ? LINKS[t.entity]!(t.entityId) : null,
    dueAt: t.dueAt.toISOString(),
    doneAt: t.doneAt?.toISOString() ?? null,
    doneNote: t.doneNote,
    createdAt: t.createdAt.toISOString(),
  };
}

/** The assignee and the company admins hear of a task. */
export function taskEvent(resource: TTask, row: TTaskRow, event: TLiveEventInput['event'], changes?: string[]): TLiveEventInput {
  const topics = [companyAdminsTopic(row.companyId)];
  if (row.assigneeId !== null) topics.push(userTopic(row.assigneeId));
  return { companyId: row.companyId, topics, event, entity: 'task', data: resource, changes: changes ?? null };
}
