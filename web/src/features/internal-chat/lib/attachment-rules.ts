import { ACCEPTED_ATTACHMENT_TYPES, MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';

export function totalBytes(files: readonly { size: number }[]): number {
  return files.reduce((sum, f) => sum + f.size, 0);
}

/** Spec part 1 §5: the attachments of an internal message must stay below the limit (strictly). */
export function withinAttachmentLimit(files: readonly { size: number }[], limit: number = MAX_TOTAL_ATTACHMENT_BYTES): boolean {
  return totalBytes(files) < limit;
}

export function isAcceptedType(type: string): boolean {
  return (ACCEPTED_ATTACHMENT_TYPES as readonly string[]).includes(type.split(';')[0]!.trim().toLowerCase());
}

/** `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_ATTACHMENT_TYPES.join(',');

/** Adds picked files, skipping types the server refuses and exact duplicates (same name, size and date). */
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

/** `1.2 MB`-style size for attachment chips. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** What the composer's send does: nothing to send, refuse the size, or go. */
export function sendCheck(draft: { text: string; files: readonly { size: number }[] }, limit: number = MAX_TOTAL_ATTACHMENT_BYTES): 'empty' | 'too_large' | 'ok' {
  if (!draft.text.trim() && draft.files.length === 0) return 'empty';
  if (!withinAttachmentLimit(draft.files, limit)) return 'too_large';
  return 'ok';
}
