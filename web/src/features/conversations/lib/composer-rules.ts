import dayjs from 'dayjs';
import type { TChannel } from '@cd/contracts/customer';
import { ACCEPTED_ATTACHMENT_TYPES, MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';

export interface TComposerDraft {
  text: string;
  files: File[];
}

export function totalBytes(files: readonly { size: number }[]): number {
  return files.reduce((sum, f) => sum + f.size, 0);
}

/** Spec part 1 §5: the attachments' total must stay below the limit (strictly). */
export function withinAttachmentLimit(files: readonly { size: number }[], limit: number = MAX_TOTAL_ATTACHMENT_BYTES): boolean {
  return totalBytes(files) < limit;
}

/** MIME type without parameters (`audio/webm;codecs=opus` → `audio/webm`). */
export function baseMime(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

export function isAcceptedType(type: string): boolean {
  return (ACCEPTED_ATTACHMENT_TYPES as readonly string[]).includes(baseMime(type));
}

/** `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_ATTACHMENT_TYPES.join(',');

/** Adds picked files, skipping unsupported types and exact duplicates (same name, size and date). */
export function addFiles(current: readonly File[], incoming: readonly File[]): { files: File[]; rejected: File[] } {
  const files = [...current];
  const rejected: File[] = [];
  for (const f of incoming) {
    if (!isAcceptedType(f.type)) {
      rejected.push(f);
      continue;
    }
    if (files.some((x) => x.name === f.name && x.size === f.size && x.lastModified === f.lastModified)) continue;
    files.push(f);
  }
  return { files, rejected };
}

/** Spec part 1 §5: recording an audio clip replaces all other attachments and clears the draft text. */
export function applyRecording(_draft: TComposerDraft, audio: File): TComposerDraft {
  return { text: '', files: [audio] };
}

export function canSend(draft: TComposerDraft, sending: boolean): boolean {
  return !sending && (draft.text.trim() !== '' || draft.files.length > 0);
}

export type TScheduleCheck = { ok: true; iso: string | null } | { ok: false; reason: 'past' | 'invalid' };

/**
 * Spec part 1 §5: a scheduled message needs a future date and time. `value` is a `datetime-local` value
 * (`YYYY-MM-DDTHH:mm`, local time); empty means "send now".
 */
export function checkSchedule(value: string | null | undefined, now: Date = new Date()): TScheduleCheck {
  if (!value) return { ok: true, iso: null };
  const d = dayjs(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || !d.isValid()) return { ok: false, reason: 'invalid' };
  if (!d.isAfter(dayjs(now))) return { ok: false, reason: 'past' };
  return { ok: true, iso: d.toISOString() };
}

/** `datetime-local` value of a date (for `min` and defaults). */
export function toLocalInputValue(d: Date): string {
  return dayjs(d).format('YYYY-MM-DDTHH:mm');
}

/** Default channel: the customer's preferred one when the company can use it, else the company's best available one. */
export function defaultChannel(preferred: TChannel | null | undefined, available: readonly string[]): TChannel | '' {
  if (preferred && available.includes(preferred)) return preferred;
  return (available[0] as TChannel | undefined) ?? '';
}

/** The file name of a recorded clip, with an extension matching its type. */
export function recordingFileName(mime: string, at: Date = new Date()): string {
  const ext = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' }[baseMime(mime)] ?? 'webm';
  return `recording-${dayjs(at).format('YYYYMMDD-HHmmss')}.${ext}`;
}
