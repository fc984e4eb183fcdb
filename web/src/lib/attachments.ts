import { ACCEPTED_ATTACHMENT_TYPES, MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';

/** Attachment rules every composer shares (customer messages, group messages, internal chat). */

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
