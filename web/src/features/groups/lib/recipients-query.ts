import { RECIPIENT_STATUSES, type TGroupRecipient, type TRecipientStatus } from './types';

export const RECIPIENTS_PER_PAGE = 50;

/** Filter choices in the delivery table: everything, or one server status. */
export type TRecipientFilter = 'all' | TRecipientStatus;

export function isRecipientFilter(v: unknown): v is TRecipientFilter {
  return v === 'all' || (RECIPIENT_STATUSES as readonly unknown[]).includes(v);
}

/** Query of GET /api/group_messages/{id}/recipients: status only when filtered, keyset cursor when paging. */
export function buildRecipientsQuery(filter: TRecipientFilter, after: number | null, perPage: number = RECIPIENTS_PER_PAGE): Record<string, string | number> {
  const q: Record<string, string | number> = { itemsPerPage: perPage };
  if (filter !== 'all') q.status = filter;
  if (after !== null && Number.isInteger(after) && after > 0) q.after = after;
  return q;
}

/** The `after` cursor of the next page: from `view.next` when the server gives one, else none. */
export function nextRecipientsCursor(page: { member: readonly Pick<TGroupRecipient, 'messageId'>[]; view?: { next?: string } }): number | undefined {
  if (!page.view?.next || page.member.length === 0) return undefined;
  const q = page.view.next.split('?')[1] ?? '';
  const after = new URLSearchParams(q).get('after');
  if (after && /^\d+$/.test(after)) return Number(after);
  return page.member[page.member.length - 1]!.messageId;
}

export type TRecipientLabel = 'skipped_opted_out' | 'skipped' | 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

/** How a recipient row is labelled: blocked rows are "skipped", with opt-out called out explicitly. */
export function recipientLabel(r: Pick<TGroupRecipient, 'status' | 'errorMessage' | 'errorCode'>): TRecipientLabel {
  switch (r.status) {
    case 'blocked':
      return /opt(ed)?[ -]?out|STOP/i.test(`${r.errorMessage ?? ''} ${r.errorCode ?? ''}`) ? 'skipped_opted_out' : 'skipped';
    case 'SENDING':
    case 'scheduled':
      return 'pending';
    case 'SENT':
      return 'sent';
    case 'DELIVERED':
      return 'delivered';
    case 'SEEN':
    case 'READ':
      return 'read';
    default:
      return 'failed';
  }
}
