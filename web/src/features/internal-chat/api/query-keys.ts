import type { TThreadFilters } from '../lib/chat-cache';

/** Cache keys of the internal chat (the live-event handler addresses them too). */
export const internalChatKeys = {
  all: ['internal_chat'] as const,
  lists: ['internal_chat', 'threads'] as const,
  list: (filters: TThreadFilters) => ['internal_chat', 'threads', filters] as const,
  thread: (id: number) => ['internal_chat', 'thread', id] as const,
  messages: (threadId: number) => ['internal_chat', 'messages', threadId] as const,
  colleagues: ['internal_chat', 'colleagues'] as const,
  readState: ['internal_chat', 'read_state'] as const,
};
