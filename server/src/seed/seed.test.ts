import { eq, sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES } from '@cd/contracts/appointment-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAutomatedMessageKey } from '@cd/contracts/automated-message';
import { findModifierProblem, isModifierField } from '@cd/contracts/message-modifiers';
import { isValidVin } from '@cd/contracts/vin';
import { runInScope } from '../db/client';
import { automatedMessages } from '../modules/automations/automations.schema';
import { companies } from '../modules/companies/companies.schema';
import { customerLinks } from '../modules/customer-links/customer-links.schema';
import { messages } from '../modules/messages/messages.schema';
import { repairOrderLines, repairOrders } from '../modules/repair-orders/repair-orders.schema';
import { vehicles } from '../modules/vehicles/vehicles.schema';
import { createTestApp, type TTestApp } from '../../test/helpers';
import { seedDemoData } from './seed';

let fresh: TTestApp;
let seeded = false;
// One seeded database for the file: seeding hashes passwords and writes a few hundred rows.
beforeAll(async () => {
  fresh = await createTestApp();
  seeded = await seedDemoData({ db: fresh.db, publicUrl: 'http://demo.test' });
}, 120_000);
afterAll(() => fresh.close());

describe('demo seed: repair orders', () => {
  it('gives Demo Motors orders with lines in every state, valid vehicles and the automated messages sent for them', async () => {
    expect(seeded).toBe(true);
    await runInScope(fresh.db, { companyId: null, system: true }, async (tx) => {
      const [motors] = await tx.select().from(companies).where(eq(companies.slug, 'demo-motors'));
      // Every seeded automated text passes the same check the settings screen applies.
      for (const [key, text] of Object.entries(motors!.automotiveMessages)) {
        const field = `automotiveMessages.${key}`;
        if (typeof text === 'string' && isModifierField(field)) expect(findModifierProblem({ field, text })).toBeNull();
      }
      const orders = await tx.select().from(repairOrders).where(eq(repairOrders.companyId, motors!.id));
      expect(orders.filter((o) => o.closedAt === null).length).toBeGreaterThanOrEqual(2);
      expect(orders.some((o) => o.closedAt !== null && o.vehicleReadySentAt !== null)).toBe(true);
      const lines = await tx.select().from(repairOrderLines).where(eq(repairOrderLines.companyId, motors!.id));
      expect(new Set(lines.map((l) => l.status))).toEqual(new Set(['pending', 'approved', 'denied', 'rejected']));
      // A closed order has no pending line (it could not have closed).
      for (const o of orders.filter((o) => o.closedAt !== null))
        expect(lines.filter((l) => l.repairOrderId === o.id && l.status === 'pending')).toHaveLength(0);
      const cars = await tx.select().from(vehicles).where(eq(vehicles.companyId, motors!.id));
      // Every order is on a vehicle of its customer (a returning customer brings the same car).
      for (const o of orders) expect(cars.find((c) => c.id === o.vehicleId)?.customerId).toBe(o.customerId);
      for (const car of cars) expect(isValidVin(car.vin!)).toBe(true);
      const sent = await tx.select().from(automatedMessages).where(eq(automatedMessages.companyId, motors!.id));
      expect(sent.filter((s) => s.state === 'sent').length).toBeGreaterThanOrEqual(4);
      // Open orders have their timed texts planned, as the engine would have planned them.
      expect(sent.filter((s) => s.state === 'planned' && s.kind === 'prior_to_arrival').length).toBe(2);
      for (const row of sent) expect(parseAutomatedMessageKey(row.key)).not.toBeNull();
      // The approval link of the waiting order is active and is the URL its text carries.
      const links = await tx.select().from(customerLinks).where(eq(customerLinks.companyId, motors!.id));
      const approval = links.find((l) => l.purpose === 'approval' && orders.find((o) => o.id === l.entityId)?.closedAt === null);
      expect(approval!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
      const [message] = await tx
        .select()
        .from(messages)
        .where(eq(messages.id, sent.find((s) => s.id === approval!.automatedMessageId)!.messageId!));
      expect(message!.content).toContain(`http://demo.test/r/${approval!.code}`);
    });
  });
});

describe('demo seed: appointments', () => {
  it('gives Demo Motors shifts, a vacation, resources and a week of appointments in every status, active ones holding their time', async () => {
    expect(seeded).toBe(true);
    await runInScope(fresh.db, { companyId: null, system: true }, async (tx) => {
      const [motors] = await tx.select().from(companies).where(eq(companies.slug, 'demo-motors'));
      for (const [key, text] of Object.entries(motors!.appointmentsSettings)) {
        const field = `appointmentsSettings.${key}`;
        if (typeof text === 'string' && isModifierField(field)) expect(findModifierProblem({ field, text })).toBeNull();
      }
      const count = async (q: ReturnType<typeof sql>) => Number(((await tx.execute(q)).rows[0] as { n: unknown }).n);
      expect(await count(sql`select count(*) as n from working_hours where company_id = ${motors!.id}`)).toBe(3);
      expect(await count(sql`select count(*) as n from vacations where company_id = ${motors!.id}`)).toBe(1);
      const statuses = (await tx.execute(sql`select distinct status from appointments where company_id = ${motors!.id}`)).rows.map(
        (r: unknown) => (r as { status: string }).status,
      );
      expect(new Set(statuses)).toEqual(new Set(APPOINTMENT_STATUSES));
      // Every requested or confirmed appointment holds its assignee's time; no other does.
      expect(
        await count(sql`select count(*) as n from appointments a where a.company_id = ${motors!.id} and a.status in ('requested', 'confirmed')
            and not exists (select 1 from appointment_reservations r where r.company_id = a.company_id and r.appointment_id = a.id and r.subject like 'u:%')`),
      ).toBe(0);
      expect(
        await count(sql`select count(*) as n from appointment_reservations r join appointments a on a.company_id = r.company_id and a.id = r.appointment_id
            where a.status not in ('requested', 'confirmed')`),
      ).toBe(0);
    });
  });
});
