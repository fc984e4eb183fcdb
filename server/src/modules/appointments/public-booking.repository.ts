import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/** A catalogue larger than this is not a booking page's list (one statement, whatever the catalogue). */
export const PUBLIC_SERVICES_MAX = 200;

export interface TBookableService {
  id: number;
  title: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
}

/**
 * The services a customer may pick on the booking page: the company's whole catalogue (company services have no
 * online flag), alphabetically.
 */
export async function listBookableServices(tx: TTx, opts: { companyId: number }): Promise<TBookableService[]> {
  const res = await tx.execute(
    sql`select id, title, description, duration_minutes, price_cents from company_services
        where company_id = ${opts.companyId} and duration_minutes > 0
        order by lower(title), id limit ${PUBLIC_SERVICES_MAX}`,
  );
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    id: Number(r.id),
    title: String(r.title),
    description: String(r.description ?? ''),
    durationMinutes: Number(r.duration_minutes),
    priceCents: Number(r.price_cents),
  }));
}

/**
 * Whether a booking link of the customer was made since `since` and not revoked (the messenger's button, or an
 * appointment text carrying `{booking_url}`): a second click within that time is a double tap, not a new request.
 */
export async function hasBookingLinkSince(tx: TTx, opts: { companyId: number; customerId: number; since: Date }): Promise<boolean> {
  const res = await tx.execute(
    sql`select 1 from customer_links
        where company_id = ${opts.companyId} and entity = 'customer' and entity_id = ${opts.customerId} and purpose = 'booking'
          and revoked_at is null and created_at > ${opts.since.toISOString()}::timestamptz
        limit 1`,
  );
  return res.rows.length > 0;
}
