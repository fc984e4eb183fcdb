import dayjs from 'dayjs';
import { MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';

export function totalBytes(files: readonly { size: number }[]): number {
  return files.reduce((s, f) => s + f.size, 0);
}

/** Spec part 1 §5: attachments of a group message must total strictly less than the limit. */
export function withinAttachmentLimit(files: readonly { size: number }[], limit: number = MAX_TOTAL_ATTACHMENT_BYTES): boolean {
  return totalBytes(files) < limit;
}

export type TScheduleCheck = { ok: true; iso: string | null } | { ok: false; reason: 'past' | 'invalid' };

/** A `datetime-local` value must be in the future; empty means "send now". */
export function checkSchedule(value: string | null | undefined, now: Date = new Date()): TScheduleCheck {
  if (!value) return { ok: true, iso: null };
  const d = dayjs(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || !d.isValid()) return { ok: false, reason: 'invalid' };
  if (!d.isAfter(dayjs(now))) return { ok: false, reason: 'past' };
  return { ok: true, iso: d.toISOString() };
}

export function toLocalInputValue(d: Date): string {
  return dayjs(d).format('YYYY-MM-DDTHH:mm');
}

export function canSendGroupMessage(input: { text: string; files: readonly unknown[]; members: number; sending: boolean }): boolean {
  return !input.sending && input.members > 0 && (input.text.trim() !== '' || input.files.length > 0);
}
