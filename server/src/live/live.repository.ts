import { sql } from 'drizzle-orm';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TTx } from '../db/client';
import type { TLiveEventInput, TStoredLiveEvent } from './live.types';

function payloadOf(i: TLiveEventInput): Omit<TLiveEvent, 'id'> {
  return { event: i.event, entity: i.entity, action: i.action ?? null, data: i.data, changes: i.changes ?? null, extra: i.extra ?? null };
}

/** Writes events in the caller's transaction (they exist exactly when the change does) and returns them with ids. */
export async function recordLiveEvents(tx: TTx, inputs: TLiveEventInput[]): Promise<TStoredLiveEvent[]> {
  if (!inputs.length) return [];
  const payloads = inputs.map(payloadOf);
  // One statement for the whole batch.
  const rows = await tx.execute(sql`
    insert into live_events (company_id, topics, payload)
    select (e->>'companyId')::bigint, array(select jsonb_array_elements_text(e->'topics')), e->'payload'
    from jsonb_array_elements(${JSON.stringify(inputs.map((i, n) => ({ companyId: i.companyId, topics: i.topics, payload: payloads[n] })))}::jsonb)
      with ordinality as t(e, n)
    order by n
    returning id::text as id`);
  // Identity values follow insertion order, which follows the ordinality: sorted ids line up with the inputs.
  const ids = (rows.rows as { id: string }[]).map((r) => BigInt(r.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return ids.map((id, n) => ({
    companyId: inputs[n]!.companyId,
    topics: inputs[n]!.topics,
    payload: { ...payloads[n]!, id: id.toString() },
  }));
}

/** What a subscriber's topics are derived from at connect: the account as it is now (system scope). */
export interface TSubscriberAccount {
  id: number;
  companyId: number | null;
  roles: string[];
  enabled: boolean;
  /** null for a user without company. */
  companyEnabled: boolean | null;
}

export async function findSubscriberAccount(tx: TTx, opts: { id: number }): Promise<TSubscriberAccount | undefined> {
  const res = await tx.execute(sql`
    select u.id::int as id, u.company_id::int as "companyId", u.roles, u.enabled, c.enabled as "companyEnabled"
    from users u left join companies c on c.id = u.company_id
    where u.id = ${opts.id}`);
  return res.rows[0] as TSubscriberAccount | undefined;
}
