import { customerDisplayName } from '@cd/contracts/customer';
import { userTopic } from '@cd/contracts/live';
import { REMINDER_LIVE_ENTITY, type TReminder } from '@cd/contracts/reminders';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TReminderRow } from './reminders.schema';

export function toReminderResource(r: TReminderRow): TReminder {
  return {
    '@id': iri('reminders', r.id),
    '@type': 'Reminder',
    id: r.id,
    customerId: r.customerId,
    customerName: r.customerId === null ? null : customerDisplayName({ firstName: r.customerFirstName, lastName: r.customerLastName }),
    text: r.text,
    dueAt: r.dueAt.toISOString(),
    doneAt: r.doneAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A reminder is its author's alone: only their user topic hears of it (not the company admins). */
export function reminderEvent(r: TReminderRow, event: 'created' | 'updated' | 'removed', changes: string[] | null = null): TLiveEventInput {
  return {
    companyId: r.companyId,
    topics: [userTopic(r.userId)],
    event,
    entity: REMINDER_LIVE_ENTITY,
    data: toReminderResource(r),
    changes,
  };
}
