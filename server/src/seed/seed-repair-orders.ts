import { and, eq } from 'drizzle-orm';
import { buildAutomatedMessageKey, type TAutomatedMessageKind } from '@cd/contracts/automated-message';
import { createLinkCode, customerLinkExpiry, customerLinkUrl, type TCustomerLinkPurpose } from '@cd/contracts/customer-link';
import { computeVinCheckDigit } from '@cd/contracts/vin';
import type { TTx } from '../db/client';
import { planAutomatedMessage } from '../modules/automations/automations.api';
import { automatedMessages } from '../modules/automations/automations.schema';
import { companies } from '../modules/companies/companies.schema';
import { customerLinks } from '../modules/customer-links/customer-links.schema';
import { customers } from '../modules/customers/customers.schema';
import { messages } from '../modules/messages/messages.schema';
import { repairOrderLines, repairOrders } from '../modules/repair-orders/repair-orders.schema';
import { users } from '../modules/users/users.schema';
import { vehicles } from '../modules/vehicles/vehicles.schema';

/** Demo Motors' automated texts (the modifiers each field requires are in contracts/message-modifiers.ts). */
export const DEMO_AUTOMOTIVE_MESSAGES = {
  repairOrderStatusUrl: 'Hi {customer_name}, {company_name} has opened your repair order. Follow it here: {status_url}',
  repairOrderStatusMessageHoursAfter: 6,
  repairOrderStatusUpdate: 'Update on your repair order at {company_name}: {status_url}',
  repairOrderLineApproval: '{company_name}: your technician recommends additional work. Review and approve it here: {approval_url}',
  vehicleReady: 'Good news {customer_name}! Your vehicle is ready for pickup at {company_name}.',
  vehicleReadyNotifyMinutesPriorToArrival: 30,
  vehicleReadyNotifyPriorToArrivalText: 'Your vehicle will be ready in about {minutes} minutes: {vehicle_ready_url}',
  vehicleAppraisalAutomatedEnabled: false,
  vehicleAppraisalText: 'Thinking about a new car? {company_name} would like to make an offer on yours. Reply YES for a free appraisal.',
  vehicleAppraisalCooldownDays: 90,
  vehicleAppraisalNotificationEmails: ['service@motors.example.com'],
  vehicleAppraisalNotificationSms: [],
};

/** A VIN with a valid check digit (position 9) from a 17-character pattern whose 9th character is a placeholder. */
function vinOf(pattern: string): string {
  return pattern.slice(0, 8) + computeVinCheckDigit(pattern)! + pattern.slice(9);
}

type TLineSeed = { description: string; price: number; status: 'pending' | 'approved' | 'denied' | 'rejected'; round?: number };
type TOrderSeed = {
  phone: string;
  vehicle: { make: string; model: string; year: number; mileage: number; vin: string; registration: string };
  number: string;
  title: string;
  price: number;
  status: 'new' | 'in_progress' | 'on_hold' | 'completed';
  openedHoursAgo: number;
  promisedInHours: number | null;
  closedHoursAgo?: number;
  vehicleReady?: boolean;
  lines: TLineSeed[];
  /** Automated messages already sent for the order, with the link purpose each carried. */
  sent: { kind: TAutomatedMessageKind; occurrence?: number; purpose?: TCustomerLinkPurpose; hoursAgo: number; text: string }[];
};

const ORDERS: TOrderSeed[] = [
  {
    phone: '+15555550301',
    vehicle: { make: 'Ford', model: 'F-150', year: 2019, mileage: 48210, vin: vinOf('1FTEW1E50KFA12345'), registration: 'IL 4KT 552' },
    number: 'RO-10231',
    title: '30,000 mile service',
    price: 28900,
    status: 'in_progress',
    openedHoursAgo: 3,
    promisedInHours: 2,
    lines: [
      { description: 'Replace front brake pads and resurface rotors', price: 34500, status: 'pending', round: 1 },
      { description: 'Replace cabin air filter', price: 4900, status: 'pending', round: 1 },
      { description: 'Wiper blades (pair)', price: 3800, status: 'approved', round: 1 },
    ],
    sent: [
      { kind: 'status_url', purpose: 'status', hoursAgo: 2.9, text: 'Hi James Whitaker, Demo Motors has opened your repair order. Follow it here: ' },
      {
        kind: 'line_approval',
        occurrence: 1,
        purpose: 'approval',
        hoursAgo: 1.5,
        text: 'Demo Motors: your technician recommends additional work. Review and approve it here: ',
      },
    ],
  },
  {
    phone: '+15555550303',
    vehicle: { make: 'Honda', model: 'Accord', year: 2016, mileage: 91350, vin: vinOf('1HGCR2F30GA012345'), registration: 'IL 7PR 118' },
    number: 'RO-10232',
    title: 'Check engine light diagnosis',
    price: 12900,
    status: 'on_hold',
    openedHoursAgo: 0.5,
    promisedInHours: 24,
    lines: [{ description: 'Replace upstream oxygen sensor', price: 21900, status: 'pending' }],
    sent: [],
  },
  {
    phone: '+15555550304',
    vehicle: { make: 'Toyota', model: 'RAV4', year: 2021, mileage: 30120, vin: vinOf('2T3P1RFV0MC123456'), registration: 'IL 2ZX 904' },
    number: 'RO-10198',
    title: 'Brake noise and tire rotation',
    price: 2500,
    status: 'completed',
    openedHoursAgo: 56,
    promisedInHours: -50,
    closedHoursAgo: 49,
    vehicleReady: true,
    lines: [
      { description: 'Replace rear brake pads', price: 22900, status: 'approved', round: 1 },
      { description: 'Transmission fluid exchange', price: 18900, status: 'denied', round: 1 },
      { description: 'Engine air filter (out of stock)', price: 3900, status: 'rejected' },
    ],
    sent: [
      { kind: 'status_url', purpose: 'status', hoursAgo: 50, text: 'Hi Patricia Moore, Demo Motors has opened your repair order. Follow it here: ' },
      {
        kind: 'line_approval',
        occurrence: 1,
        purpose: 'approval',
        hoursAgo: 53,
        text: 'Demo Motors: your technician recommends additional work. Review and approve it here: ',
      },
      { kind: 'vehicle_ready', hoursAgo: 50.2, text: 'Good news Patricia Moore! Your vehicle is ready for pickup at Demo Motors.' },
    ],
  },
];

/**
 * Demo Motors' repair orders: one waiting for the customer's approval (its approval link works from the phone
 * simulator), one just opened, one closed; vehicles in the garages, lines in every state and the automated messages
 * that went out for them, with their links.
 */
export async function seedDemoRepairOrders(tx: TTx, opts: { motorsId: number; publicUrl: string }): Promise<void> {
  const companyId = opts.motorsId;
  const now = Date.now();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  await tx.update(companies).set({ automotiveMessages: DEMO_AUTOMOTIVE_MESSAGES }).where(eq(companies.id, companyId));
  const [advisor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.advisor, true)));
  for (const seed of ORDERS) {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.phone, seed.phone)));
    if (!customer) continue;
    const [vehicle] = await tx
      .insert(vehicles)
      .values({ companyId, customerId: customer.id, ...seed.vehicle })
      .returning();
    const [order] = await tx
      .insert(repairOrders)
      .values({
        companyId,
        customerId: customer.id,
        vehicleId: vehicle!.id,
        number: seed.number,
        title: seed.title,
        priceCents: seed.price,
        status: seed.status,
        serviceAdvisorId: advisor?.id ?? null,
        openedAt: hoursAgo(seed.openedHoursAgo),
        promisedAt: seed.promisedInHours === null ? null : hoursAgo(-seed.promisedInHours),
        closedAt: seed.closedHoursAgo === undefined ? null : hoursAgo(seed.closedHoursAgo),
        vehicleReadySentAt: seed.vehicleReady ? hoursAgo(50.2) : null,
        createdAt: hoursAgo(seed.openedHoursAgo),
      })
      .returning();
    await tx.insert(repairOrderLines).values(
      seed.lines.map((line) => ({
        companyId,
        repairOrderId: order!.id,
        description: line.description,
        priceCents: line.price,
        status: line.status,
        approvalRound: line.round ?? null,
        decidedAt: line.status === 'pending' ? null : hoursAgo(seed.openedHoursAgo - 1),
        decidedBy: line.status === 'pending' ? null : line.status === 'rejected' ? ('staff' as const) : ('customer' as const),
      })),
    );
    // What the engine would have planned for an open order: its status text and the notice before the promised time.
    if (order!.closedAt === null) {
      const plan = { companyId, customerId: customer.id, entityId: order!.id };
      if (!seed.sent.some((s) => s.kind === 'status_url'))
        await planAutomatedMessage(tx, {
          ...plan,
          kind: 'status_url',
          dueAt: new Date(order!.openedAt.getTime() + DEMO_AUTOMOTIVE_MESSAGES.repairOrderStatusMessageHoursAfter * 3_600_000),
        });
      if (order!.promisedAt)
        await planAutomatedMessage(tx, {
          ...plan,
          kind: 'prior_to_arrival',
          dueAt: new Date(order!.promisedAt.getTime() - DEMO_AUTOMOTIVE_MESSAGES.vehicleReadyNotifyMinutesPriorToArrival * 60_000),
        });
    }
    for (const sent of seed.sent) {
      const at = hoursAgo(sent.hoursAgo);
      const code = sent.purpose ? createLinkCode() : null;
      const content = code ? sent.text + customerLinkUrl({ publicUrl: opts.publicUrl, code }) : sent.text;
      const messageType = sent.kind === 'status_url' ? 'REPAIR_ORDER_STATUS_URL' : 'STANDARD';
      const [message] = await tx
        .insert(messages)
        .values({
          companyId,
          customerId: customer.id,
          direction: 'OUTBOUND',
          status: 'DELIVERED',
          type: messageType,
          channel: 'simulator',
          sender: 'system',
          content,
          providerMessageId: `SEED-RO-${order!.id}-${sent.kind}`,
          sentAt: at,
          createdAt: at,
        })
        .returning();
      const [automated] = await tx
        .insert(automatedMessages)
        .values({
          companyId,
          key: buildAutomatedMessageKey({ kind: sent.kind, id: order!.id, occurrence: sent.occurrence }),
          kind: sent.kind,
          entity: 'repair_order',
          entityId: order!.id,
          customerId: customer.id,
          state: 'sent',
          reasonKey: 'automated_message_sent',
          dueAt: at,
          sentAt: at,
          content,
          messageId: message!.id,
          channel: 'simulator',
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (code && sent.purpose)
        await tx.insert(customerLinks).values({
          companyId,
          code,
          purpose: sent.purpose,
          entity: 'repair_order',
          entityId: order!.id,
          customerId: customer.id,
          automatedMessageId: automated!.id,
          // Counted from now, so the demo link still works however long after seeding a newcomer opens it.
          expiresAt: customerLinkExpiry({ purpose: sent.purpose, now: new Date(now) }),
          createdAt: at,
        });
    }
  }
}
