/* Zod-free on purpose: the web app's first screens import these values without loading schema code. */
import type { TInternalChatThread } from './internal-chat';

/** Entity names of the live events (spec part 1 §4 "threads"). */
export const INTERNAL_CHAT_THREAD_ENTITY = 'internal_chat_thread';
export const INTERNAL_CHAT_MESSAGE_ENTITY = 'internal_chat_message';

/** Whether `userId` has read the thread (no read state for them counts as read: they are not a member). */
export function isThreadReadBy(thread: Pick<TInternalChatThread, 'readStates'>, userId: number): boolean {
  return thread.readStates.find((r) => r.userId === userId)?.isRead ?? true;
}
