import { CHAT_ALREADY_EXISTS } from '@cd/contracts/internal-chat';

/** The existing thread's id when a create answered 422 "Chat already exists" (spec part 1 §8), else null. */
export function existingThreadIdOf(status: number, body: unknown): number | null {
  if (status !== 422 || !body || typeof body !== 'object') return null;
  const b = body as { detail?: unknown; threadId?: unknown };
  return b.detail === CHAT_ALREADY_EXISTS && typeof b.threadId === 'number' ? b.threadId : null;
}
