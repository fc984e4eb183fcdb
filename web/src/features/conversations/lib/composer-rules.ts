import dayjs from 'dayjs';
import type { TChannel } from '@cd/contracts/customer';
import { baseMime } from '../../../lib/attachments';

export interface TComposerDraft {
  text: string;
  files: File[];
}

/** Spec part 1 §5: recording an audio clip replaces all other attachments and clears the draft text. */
export function applyRecording(_draft: TComposerDraft, audio: File): TComposerDraft {
  return { text: '', files: [audio] };
}

export function canSend(draft: TComposerDraft, sending: boolean): boolean {
  return !sending && (draft.text.trim() !== '' || draft.files.length > 0);
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
