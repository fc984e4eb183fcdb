import { z } from 'zod';
import { idRefOf } from './ids';
import type { TMediaObject } from './message';

/** Spec part 1 §9: 15 messages per page. */
export const INTERNAL_CHAT_MESSAGES_PER_PAGE = 15;
export const INTERNAL_CHAT_THREADS_PER_PAGE = 15;
export const INTERNAL_CHAT_NAME_MAX = 100;
export const INTERNAL_CHAT_CONTENT_MAX = 5000;
/** A group chat holds at most this many members besides its owner. */
export const INTERNAL_CHAT_MAX_MEMBERS = 100;

/** Spec §8 "Chat already exists": the exact message of the 422 for a duplicate one-to-one thread. */
export const CHAT_ALREADY_EXISTS = 'Chat already exists';

/** Entity names of the live events (spec part 1 §4 "threads"). */
export const INTERNAL_CHAT_THREAD_ENTITY = 'internal_chat_thread';
export const INTERNAL_CHAT_MESSAGE_ENTITY = 'internal_chat_message';

/** A user reference in a body: a number, a numeric string or an IRI such as `/api/users/5`. */
const ZUserRefSchema = idRefOf('users', 'Expected a user id or IRI.');

const ZUserRefsSchema = z.array(ZUserRefSchema).max(INTERNAL_CHAT_MAX_MEMBERS + 1);

const ZChatNameSchema = z.string().trim().max(INTERNAL_CHAT_NAME_MAX, `At most ${INTERNAL_CHAT_NAME_MAX} characters.`);

/**
 * POST /api/internal_chat_threads. One other user and no name is a one-to-one chat; a name makes a group chat
 * (needed as soon as there are several other users). The caller is always a member and may be listed or not.
 */
export const ZInternalChatThreadCreateSchema = z.strictObject({
  users: ZUserRefsSchema.min(1, 'Choose at least one colleague.'),
  name: ZChatNameSchema.nullable().optional(),
});
export type TInternalChatThreadCreate = z.input<typeof ZInternalChatThreadCreateSchema>;

/** PATCH (merge-patch) by the owner of a group chat: a new name and/or the full member list. */
export const ZInternalChatThreadPatchSchema = z.strictObject({
  name: ZChatNameSchema.min(1, 'A group chat needs a name.').optional(),
  users: ZUserRefsSchema.optional(),
});
export type TInternalChatThreadPatch = z.input<typeof ZInternalChatThreadPatchSchema>;

/** POST /api/internal_chat/send fields (JSON, or multipart text fields plus `file[]`). */
export const ZInternalChatSendSchema = z.strictObject({
  thread_id: idRefOf('internal_chat_threads', 'Choose the chat to write to.'),
  content: z.string().max(INTERNAL_CHAT_CONTENT_MAX, `At most ${INTERNAL_CHAT_CONTENT_MAX} characters.`).optional().default(''),
});

/** A colleague as the internal chat shows them (spec part 1 §3 "Colleague list member"). */
export interface TInternalChatColleague {
  '@id': string;
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** A member or sender of a thread. */
export interface TInternalChatUser {
  '@id': string;
  id: number;
  firstName: string;
  lastName: string;
}

export interface TInternalChatReadState {
  userId: number;
  isRead: boolean;
}

export interface TInternalChatLastMessage {
  id: number;
  content: string | null;
  userId: number | null;
  hasAttachments: boolean;
  sentAt: string;
}

export interface TInternalChatThread {
  '@id': string;
  '@type': 'InternalChatThread';
  id: number;
  /** Null for a one-to-one chat (it shows the other member's name). */
  name: string | null;
  isGroup: boolean;
  owner: TInternalChatUser | null;
  /** Every member, the caller included. */
  users: TInternalChatUser[];
  readStates: TInternalChatReadState[];
  /** The caller's own archive flag (in live events: only meaningful when `changes` names it). */
  isArchived: boolean;
  bumpedAt: string;
  createdAt: string;
  lastMessage: TInternalChatLastMessage | null;
}

export interface TInternalChatMessage {
  '@id': string;
  '@type': 'InternalChatMessage';
  id: number;
  thread: string;
  threadId: number;
  /** The sender; null when that user was deleted. */
  user: TInternalChatUser | null;
  content: string | null;
  attachments: TMediaObject[];
  sentAt: string;
  /** Same as sentAt: the keyset cursor of `createdAt[strictly_before]`. */
  createdAt: string;
  /** OUTBOUND when the sender is the caller. In live events it is relative to the sender: derive it from `user`. */
  direction: 'INBOUND' | 'OUTBOUND';
}

/** Whether `userId` has read the thread (no read state for them counts as read: they are not a member). */
export function isThreadReadBy(thread: Pick<TInternalChatThread, 'readStates'>, userId: number): boolean {
  return thread.readStates.find((r) => r.userId === userId)?.isRead ?? true;
}
