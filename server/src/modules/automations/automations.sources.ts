import type { TTx } from '../../db/client';
import type { TAutomatedMessageEntity, TAutomatedMessageKind } from '@cd/contracts/automated-message';
import type { TAutomatedMessageState } from '@cd/contracts/automated-message';
import type { TModifierField, TModifierValues } from '@cd/contracts/message-modifiers';
import type { TAppDeps } from '../../context';
import type { TLiveEventInput } from '../../live/live.types';

/**
 * What the engine asks the module that owns an entity when a message of it comes due: whether it is still due, and
 * the values only that module knows (`{minutes}`, `{appointment_time}`). The engine itself fills the customer and
 * company names and makes the customer links for the URL modifiers.
 */
export interface TAutomationContext {
  /** false: no longer due (order closed, line already answered…): the message is cancelled, not sent. */
  due: boolean;
  values?: TModifierValues;
  /**
   * A text of the company to use instead of the kind's own when the company has written it (a statement's payment
   * request uses automotiveMessages.statementOfAccountText, else payment.text). It must take the kind's required
   * modifiers (both payment texts require {payment_url}).
   */
  preferredField?: TModifierField;
}

export type TAutomationSource = (
  tx: TTx,
  opts: { companyId: number; entityId: number; kind: TAutomatedMessageKind; occurrence: number | null },
) => Promise<TAutomationContext | null>;

/**
 * Told, in the job's transaction, when a message of the entity reached an outcome: sent, or final without sending
 * (skipped, cancelled). A module that keeps its own record of the message (the survey's sentAt) updates it here.
 */
export type TAutomationSettled = (
  tx: TTx,
  opts: {
    companyId: number;
    entityId: number;
    kind: TAutomatedMessageKind;
    state: TAutomatedMessageState;
    sentAt: Date | null;
    messageId: number | null;
    reasonKey: string | null;
    deps: Pick<TAppDeps, 'config'>;
    emit: (events: TLiveEventInput[]) => void;
  },
) => Promise<void>;

const sources = new Map<TAutomatedMessageEntity, TAutomationSource>();
const settledHandlers = new Map<TAutomatedMessageEntity, TAutomationSettled>();

/**
 * A module registers the source of its entity once (from app.ts, like the domain hooks). Module-level and keyed by
 * entity, so registering again (a second app in the same process) replaces rather than doubles.
 */
export function registerAutomationSource(opts: { entity: TAutomatedMessageEntity; source: TAutomationSource; settled?: TAutomationSettled }): void {
  sources.set(opts.entity, opts.source);
  if (opts.settled) settledHandlers.set(opts.entity, opts.settled);
  else settledHandlers.delete(opts.entity);
}

export function automationSettledOf(entity: TAutomatedMessageEntity): TAutomationSettled | null {
  return settledHandlers.get(entity) ?? null;
}

/** The source of an entity; null when its module did not register one (the message is then sent without extra values). */
export function automationSourceOf(entity: TAutomatedMessageEntity): TAutomationSource | null {
  return sources.get(entity) ?? null;
}
