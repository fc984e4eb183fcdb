import { sql } from 'drizzle-orm';
import type { TPartsLineInput, TPartsTicketKind } from '@cd/contracts/parts';
import type { TTx } from '../db/client';
import { computePartsLines } from '../modules/parts/parts-tickets.service';
import { createStatementClaimingTickets, insertPartsCustomer, insertPartsTicket } from '../modules/parts/parts.repository';

/**
 * Demo Motors' parts counter: three trade accounts (one linked to a demo messaging customer so its tickets and
 * statement can be texted with a payment link), counter tickets and sales of the last two months, one paid, and a
 * statement of last month's tickets for the linked account.
 */

const DAY_MS = 86_400_000;
const pads: TPartsLineInput = { partNumber: 'BP-4471', description: 'Front brake pads', quantity: 2, unitPriceCents: 4_850, taxRate: 8.25 };
const filter: TPartsLineInput = { partNumber: 'OF-210', description: 'Oil filter', quantity: 6, unitPriceCents: 725, taxRate: 8.25 };
const oil: TPartsLineInput = { partNumber: 'OIL-5W30', description: 'Synthetic oil 5W-30 (qt)', quantity: 12.5, unitPriceCents: 899, taxRate: 8.25 };
const wiper: TPartsLineInput = { partNumber: 'WB-22', description: 'Wiper blade 22"', quantity: 4, unitPriceCents: 1_599, taxRate: 8.25 };
const core: TPartsLineInput = { partNumber: 'CORE', description: 'Core return', quantity: 1, unitPriceCents: -2_500, taxRate: 0 };

/** [reference, name, contact, terms, link to a messaging customer, tickets: [kind, number, days ago, lines, paid]] */
const ACCOUNTS: [string, string, string, number, boolean, [TPartsTicketKind, string, number, TPartsLineInput[], boolean][]][] = [
  [
    'PC-2001',
    'Eastside Auto Body',
    'Dana Ortiz',
    30,
    true,
    [
      ['counter_ticket', 'CT-7101', 40, [pads, filter], false],
      ['counter_ticket', 'CT-7135', 33, [oil, core], false],
      ['sale', 'INV-88012', 20, [wiper, pads], false],
      ['counter_ticket', 'CT-7190', 3, [filter], false],
    ],
  ],
  [
    'PC-2002',
    'Hilltop Towing',
    'Sam Reyes',
    15,
    false,
    [
      ['counter_ticket', 'CT-7150', 25, [oil], true],
      ['counter_ticket', 'CT-7177', 9, [pads, wiper], false],
    ],
  ],
  ['PC-2003', 'City Fleet Services', 'Priya Nair', 45, false, [['sale', 'INV-88020', 70, [pads, pads, oil], false]]],
];

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function seedDemoParts(tx: TTx, opts: { motorsId: number; now?: Date }): Promise<void> {
  const companyId = opts.motorsId;
  const now = opts.now ?? new Date();
  const linked = (await tx.execute(sql`select id, phone from customers where company_id = ${companyId} and phone is not null order by id limit 1`)).rows[0] as
    { id: number | string; phone: string } | undefined;
  for (const [reference, name, contact, terms, link, tickets] of ACCOUNTS) {
    const customerId = link && linked ? Number(linked.id) : null;
    const id = await insertPartsCustomer(tx, {
      companyId,
      values: { name, contactName: contact, phone: customerId ? linked!.phone : null, email: null, termsDays: terms, customerReference: reference, customerId },
    });
    for (const [kind, number, daysAgo, lines, paid] of tickets) {
      const ticketId = await insertPartsTicket(tx, {
        companyId,
        values: {
          kind,
          number,
          date: dayOf(new Date(now.getTime() - daysAgo * DAY_MS)),
          partsCustomerId: id,
          notes: '',
          ...computePartsLines(lines),
          createdById: null,
        },
      });
      if (paid) await tx.execute(sql`update parts_tickets set status = 'paid', paid_at = now() where company_id = ${companyId} and id = ${ticketId}`);
    }
    // The linked account's statement: its tickets of the 30 days before the last two weeks.
    if (customerId)
      await createStatementClaimingTickets(tx, {
        companyId,
        customerId: id,
        from: dayOf(new Date(now.getTime() - 45 * DAY_MS)),
        to: dayOf(new Date(now.getTime() - 15 * DAY_MS)),
        createdById: null,
      });
  }
}
