import type { TTx } from '../../db/client';
import type { TAutomatedMessageEntity, TAutomatedMessageKind } from '@cd/contracts/automated-message';
import type { TModifierValues } from '@cd/contracts/message-modifiers';

/**
 * What the engine asks the module that owns an entity when a message of it comes due: whether it is still due, and
 * the values only that module knows (`{minutes}`, `{appointment_time}`). The engine itself fills the customer and
 * company names and makes the customer links for the URL modifiers.
 */
export interface TAutomationContext {
  /** false: no longer due (order closed, line already answered…): the message is cancelled, not sent. */
  due: boolean;
  values?: TModifierValues;
}

export type TAutomationSource = (
  tx: TTx,
  opts: { companyId: number; entityId: number; kind: TAutomatedMessageKind; occurrence: number | null },
) => Promise<TAutomationContext | null>;

const sources = new Map<TAutomatedMessageEntity, TAutomationSource>();

/**
 * A module registers the source of its entity once (from app.ts, like the domain hooks). Module-level and keyed by
 * entity, so registering again (a second app in the same process) replaces rather than doubles.
 */
export function registerAutomationSource(opts: { entity: TAutomatedMessageEntity; source: TAutomationSource }): void {
  sources.set(opts.entity, opts.source);
}

/** The source of an entity; null when its module did not register one (the message is then sent without extra values). */
export function automationSourceOf(entity: TAutomatedMessageEntity): TAutomationSource | null {
  return sources.get(entity) ?? null;
}
