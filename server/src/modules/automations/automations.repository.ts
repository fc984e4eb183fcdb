import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { messages } from '../messages/messages.schema';
import { automatedMessages, type TAutomatedMessageRow } from './automations.schema';
import type { TAutomatedMessageEntity, TAutomatedMessageKind, TAutomatedMessageState } from '@cd/contracts/automated-message';

/** States that never change again (contracts AUTOMATED_MESSAGE_STATE_INFO final). */
export const FINAL_STATES: TAutomatedMessageState[] = ['sent', 'skipped_opted_out', 'skipped_no_channel', 'cancelled'];

/** Inserts the once-only row; undefined when the key already exists (a retry, a double click, another worker). */
export async function insertAutomatedMessage(
  tx: TTx,
  values: { companyId: number; key: string; kind: TAutomatedMessageKind; entity: TAutomatedMessageEntity; entityId: number; customerId: number; dueAt: Date },
): Promise<TAutomatedMessageRow | undefined> {
  const [row] = await tx.insert(automatedMessages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findAutomatedMessageByKey(tx: TTx, opts: { companyId: number; key: string }): Promise<TAutomatedMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(automatedMessages)
    .where(and(eq(automatedMessages.companyId, opts.companyId), eq(automatedMessages.key, opts.key)));
  return row;
}

/** Moves the due time of a message not yet final; undefined when it is final (or unknown). */
export async function updateDueAt(tx: TTx, opts: { companyId: number; key: string; dueAt: Date }): Promise<TAutomatedMessageRow | undefined> {
  const [row] = await tx
    .update(automatedMessages)
    .set({ dueAt: opts.dueAt, state: 'planned', heldUntil: null, reasonKey: null, updatedAt: new Date() })
    .where(and(eq(automatedMessages.companyId, opts.companyId), eq(automatedMessages.key, opts.key), notInArray(automatedMessages.state, FINAL_STATES)))
    .returning();
  return row;
}

/** Cancels the messages of an entity that are not final yet (all kinds, or the given ones). */
export async function cancelPending(
  tx: TTx,
  opts: { companyId: number; entity: TAutomatedMessageEntity; entityId: number; kinds?: readonly TAutomatedMessageKind[] },
): Promise<TAutomatedMessageRow[]> {
  return tx
    .update(automatedMessages)
    .set({ state: 'cancelled', reasonKey: 'automated_message_cancelled', heldUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(automatedMessages.companyId, opts.companyId),
        eq(automatedMessages.entity, opts.entity),
        eq(automatedMessages.entityId, opts.entityId),
        notInArray(automatedMessages.state, FINAL_STATES),
        opts.kinds ? inArray(automatedMessages.kind, [...opts.kinds]) : sql`true`,
      ),
    )
    .returning();
}

/** How many keys of a repeatable kind exist for an entity: the next occurrence is this plus one. */
export async function countOccurrences(tx: TTx, opts: { companyId: number; entity: TAutomatedMessageEntity; entityId: number; kind: TAutomatedMessageKind }) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(automatedMessages)
    .where(
      and(
        eq(automatedMessages.companyId, opts.companyId),
        eq(automatedMessages.entity, opts.entity),
        eq(automatedMessages.entityId, opts.entityId),
        eq(automatedMessages.kind, opts.kind),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The row a due job works on, locked until its transaction ends: a re-plan, a cancel or a second run of the same job
 * waits, then sees the outcome (the once-only guarantee does not rest on the job queue alone).
 */
export async function lockAutomatedMessage(tx: TTx, opts: { companyId: number; id: number }): Promise<TAutomatedMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(automatedMessages)
    .where(and(eq(automatedMessages.companyId, opts.companyId), eq(automatedMessages.id, opts.id)))
    .for('update');
  return row;
}

/** The company of a message, by id alone (system scope: a job without a company names only the id). */
export async function findCompanyIdOf(tx: TTx, id: number): Promise<number | undefined> {
  const [row] = await tx.select({ companyId: automatedMessages.companyId }).from(automatedMessages).where(eq(automatedMessages.id, id)).limit(1);
  return row?.companyId;
}

export type TAutomatedMessageChange = Partial<
  Pick<TAutomatedMessageRow, 'state' | 'reasonKey' | 'heldUntil' | 'sentAt' | 'content' | 'messageId' | 'channel' | 'error'>
>;

/** One state change of a due message; every run counts as an attempt. */
export async function updateAutomatedMessage(tx: TTx, opts: { companyId: number; id: number; values: TAutomatedMessageChange }): Promise<TAutomatedMessageRow> {
  const [row] = await tx
    .update(automatedMessages)
    .set({ ...opts.values, attempts: sql`${automatedMessages.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(automatedMessages.companyId, opts.companyId), eq(automatedMessages.id, opts.id)))
    .returning();
  return row!;
}

/** An entity's messages, oldest first, with the delivery state of the message each one became: one statement. */
export async function listForEntity(tx: TTx, opts: { companyId: number; entity: TAutomatedMessageEntity; entityId: number }) {
  return tx
    .select({ row: automatedMessages, messageStatus: messages.status })
    .from(automatedMessages)
    .leftJoin(messages, and(eq(messages.companyId, automatedMessages.companyId), eq(messages.id, automatedMessages.messageId)))
    .where(and(eq(automatedMessages.companyId, opts.companyId), eq(automatedMessages.entity, opts.entity), eq(automatedMessages.entityId, opts.entityId)))
    .orderBy(asc(automatedMessages.id));
}
