import { MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';
import { withinAttachmentLimit } from '../../../lib/attachments';

/** What the composer's send does: nothing to send, refuse the size, or go. */
export function sendCheck(draft: { text: string; files: readonly { size: number }[] }, limit: number = MAX_TOTAL_ATTACHMENT_BYTES): 'empty' | 'too_large' | 'ok' {
  if (!draft.text.trim() && draft.files.length === 0) return 'empty';
  if (!withinAttachmentLimit(draft.files, limit)) return 'too_large';
  return 'ok';
}
