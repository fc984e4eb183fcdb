import { z } from 'zod';
import { ZMediaObjectSchema } from './media';
import { ZIsoDateTimeSchema } from './refs';
import { idRefOf } from './ids';
export { INTERNAL_CHAT_THREAD_ENTITY, INTERNAL_CHAT_MESSAGE_ENTITY, isThreadReadBy } from './internal-chat-constants';

/** Spec part 1 §9: 15 messages per page. */
export const INTERNAL_CHAT_MESSAGES_PER_PAGE = 15;
export const INTERNAL_CHAT_THREADS_PER_PAGE = 15;
export const INTERNAL_CHAT_NAME_MAX = 100;
export const INTERNAL_CHAT_CONTENT_MAX = 5000;
/** A group chat holds at most this many members besides its owner. */
export const INTERNAL_CHAT_MAX_MEMBERS = 100;

/** Spec §8 "Chat already exists": the exact message of the 422 for a duplicate one-to-one thread. */
export const CHAT_ALREADY_EXISTS = 'Chat already exists';

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
export const ZInternalChatColleagueSchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type TInternalChatColleague = z.infer<typeof ZInternalChatColleagueSchema>;

/** A member or sender of a thread. */
export const ZInternalChatUserSchema = z.object({ '@id': z.string(), id: z.number().int(), firstName: z.string(), lastName: z.string() });
export type TInternalChatUser = z.infer<typeof ZInternalChatUserSchema>;

export const ZInternalChatReadStateSchema = z.object({ userId: z.number().int(), isRead: z.boolean() });
export type TInternalChatReadState = z.infer<typeof ZInternalChatReadStateSchema>;

export const ZInternalChatLastMessageSchema = z.object({
  id: z.number().int(),
  content: z.string().nullable(),
  userId: z.number().int().nullable(),
  hasAttachments: z.boolean(),
  sentAt: ZIsoDateTimeSchema,
});
export type TInternalChatLastMessage = z.infer<typeof ZInternalChatLastMessageSchema>;

export const ZInternalChatThreadSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('InternalChatThread'),
    id: z.number().int(),
    /** Null for a one-to-one chat (it shows the other member's name). */
    name: z.string().nullable(),
    isGroup: z.boolean(),
    owner: ZInternalChatUserSchema.nullable(),
    /** Every member, the caller included. */
    users: z.array(ZInternalChatUserSchema),
    readStates: z.array(ZInternalChatReadStateSchema),
    /** The caller's own archive flag (in live events: only meaningful when `changes` names it). */
    isArchived: z.boolean(),
    bumpedAt: ZIsoDateTimeSchema,
    createdAt: ZIsoDateTimeSchema,
    lastMessage: ZInternalChatLastMessageSchema.nullable(),
  })
  .meta({ id: 'InternalChatThread' });
export type TInternalChatThread = z.infer<typeof ZInternalChatThreadSchema>;

export const ZInternalChatMessageSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('InternalChatMessage'),
    id: z.number().int(),
    thread: z.string(),
    threadId: z.number().int(),
    /** The sender; null when that user was deleted. */
    user: ZInternalChatUserSchema.nullable(),
    content: z.string().nullable(),
    attachments: z.array(ZMediaObjectSchema),
    sentAt: ZIsoDateTimeSchema,
    /** Same as sentAt: the keyset cursor of `createdAt[strictly_before]`. */
    createdAt: ZIsoDateTimeSchema,
    /** OUTBOUND when the sender is the caller. In live events it is relative to the sender: derive it from `user`. */
    direction: z.enum(['INBOUND', 'OUTBOUND']),
  })
  .meta({ id: 'InternalChatMessage' });
export type TInternalChatMessage = z.infer<typeof ZInternalChatMessageSchema>;
