import { and, asc, eq, sql } from 'drizzle-orm';
import { buildAutomatedMessageKey } from '@cd/contracts/automated-message';
import { createLinkCode, customerLinkExpiry, customerLinkUrl } from '@cd/contracts/customer-link';
import { customerDisplayName } from '@cd/contracts/customer';
import type { TPaymentRequestStatusEntry } from '@cd/contracts/payments';
import type { TTx } from '../db/client';
import { automatedMessages } from '../modules/automations/automations.schema';
import { companies } from '../modules/companies/companies.schema';
import { customerLinks } from '../modules/customer-links/customer-links.schema';
import { customers } from '../modules/customers/customers.schema';
import { messages } from '../modules/messages/messages.schema';
import { computeRequestLines } from '../modules/payments/payment-requests.service';
import { paymentAttempts, paymentRequests, paymentTransactions } from '../modules/payments/payment-requests.schema';
import { toPaymentRequestSummary } from '../modules/payments/payment-requests.presenter';
import { repairOrders } from '../modules/repair-orders/repair-orders.schema';
import { users } from '../modules/users/users.schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEMO_PAYMENT_TEXT = 'Hi {customer_name}, your invoice from {company_name} is ready. Pay securely by card here: {payment_url}';

/** Paid, waiting (sent) and expired requests of Demo Motors' orders: how many hours ago each was sent, and its fate. */
const PLANS = [
  { fate: 'paid', sentHoursAgo: 30, paidHoursAgo: 26, card: { brand: 'visa', last4: '2224' } },
  { fate: 'sent', sentHoursAgo: 3 },
  { fate: 'paid', sentHoursAgo: 75, paidHoursAgo: 70, card: { brand: 'mastercard', last4: '0015' } },
  { fate: 'expired', sentHoursAgo: 9 * 24 },
] as const;

/**
 * Demo Motors' payments (issue 17): payments on through the simulator (the embedded default), its payment text and a
 * 7-day expiry, one counter terminal for everyone; requests of its repair orders — paid ones with their attempt and
 * card sale, one waiting with a working link in the customer's thread (pay it with 4000100011112224), and one expired
 * (link revoked). Customer.lastPaymentRequest and RepairOrder.paymentRequests as the payments module keeps them.
 */
export async function seedDemoPayments(tx: TTx, opts: { motorsId: number; publicUrl: string }): Promise<void> {
  const companyId = opts.motorsId;
  const now = Date.now();
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  await tx
    .update(companies)
    .set({
      payment: {
        ...(company!.payment ?? {}),
        provider: 'current',
        enabled: true,
        mode: 'simple',
        text: DEMO_PAYMENT_TEXT,
        markAsExpiredAfterDays: 7,
        terminals: [{ serial: 'SIM-COUNTER-1', description: 'Front counter', assignedTo: [0] }],
      },
    })
    .where(eq(companies.id, companyId));
  const [advisor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.advisor, true)));
  const orders = await tx.select().from(repairOrders).where(eq(repairOrders.companyId, companyId)).orderBy(asc(repairOrders.id)).limit(PLANS.length);

  for (const [i, plan] of PLANS.entries()) {
    const order = orders[i];
    if (!order) break;
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, order.customerId)));
    const sentAt = new Date(now - plan.sentHoursAgo * HOUR);
    const createdAt = new Date(sentAt.getTime() - 60_000);
    const lines = computeRequestLines({
      products: [{ name: order.title, unitPriceCents: order.priceCents || 8999, quantity: 1, taxRate: 6.25 }],
      invoice: order.number,
    });
    const paidAt = 'paidHoursAgo' in plan ? new Date(now - plan.paidHoursAgo * HOUR) : null;
    const expiresAt = new Date(sentAt.getTime() + 7 * DAY);
    const statuses: TPaymentRequestStatusEntry[] = [
      { status: 'created', at: createdAt.toISOString() },
      { status: 'sent', at: sentAt.toISOString() },
      ...(paidAt ? [{ status: 'paid' as const, at: paidAt.toISOString() }] : []),
      ...(plan.fate === 'expired' ? [{ status: 'expired' as const, at: expiresAt.toISOString() }] : []),
    ];
    const [request] = await tx
      .insert(paymentRequests)
      .values({
        companyId,
        customerId: order.customerId,
        repairOrderId: order.id,
        source: 'repair_order',
        sourceId: order.id,
        invoice: order.number,
        billTo: customer ? customerDisplayName(customer) : '',
        ...lines,
        status: plan.fate,
        statuses,
        sentAt,
        expiresAt,
        paidAt,
        paidCents: paidAt ? lines.amountCents : null,
        createdById: advisor?.id ?? null,
        createdAt,
        updatedAt: paidAt ?? sentAt,
      })
      .returning();

    // The text as the engine sent it, with its link (revoked once expired; paid links stay and show the receipt).
    const code = createLinkCode();
    const content = DEMO_PAYMENT_TEXT.replace('{customer_name}', customer ? customerDisplayName(customer) || 'there' : 'there')
      .replace('{company_name}', company!.name)
      .replace('{payment_url}', customerLinkUrl({ publicUrl: opts.publicUrl, code }));
    const [message] = await tx
      .insert(messages)
      .values({
        companyId,
        customerId: order.customerId,
        direction: 'OUTBOUND',
        status: 'DELIVERED',
        type: 'STANDARD',
        channel: 'simulator',
        sender: 'system',
        content,
        providerMessageId: `SEED-PAY-${request!.id}`,
        sentAt,
        createdAt: sentAt,
      })
      .returning({ id: messages.id });
    const [automated] = await tx
      .insert(automatedMessages)
      .values({
        companyId,
        key: buildAutomatedMessageKey({ kind: 'payment_request', id: request!.id, occurrence: 1 }),
        kind: 'payment_request',
        entity: 'payment_request',
        entityId: request!.id,
        customerId: order.customerId,
        state: 'sent',
        reasonKey: 'automated_message_sent',
        dueAt: createdAt,
        sentAt,
        content,
        messageId: message!.id,
        channel: 'simulator',
        createdAt,
        updatedAt: sentAt,
      })
      .returning({ id: automatedMessages.id });
    await tx.insert(customerLinks).values({
      companyId,
      code,
      purpose: 'payment',
      entity: 'payment_request',
      entityId: request!.id,
      customerId: order.customerId,
      automatedMessageId: automated!.id,
      // The waiting request's link counts from now, so the demo link still opens however long after seeding it is tried.
      expiresAt: customerLinkExpiry({ purpose: 'payment', now: plan.fate === 'sent' ? new Date(now) : sentAt }),
      revokedAt: plan.fate === 'expired' ? expiresAt : null,
      firstOpenedAt: paidAt ? new Date(paidAt.getTime() - 5 * 60_000) : null,
      lastOpenedAt: paidAt ? new Date(paidAt.getTime() - 5 * 60_000) : null,
      openCount: paidAt ? 1 : 0,
      createdAt: sentAt,
    });
    await tx
      .update(paymentRequests)
      .set({ messageId: message!.id })
      .where(and(eq(paymentRequests.companyId, companyId), eq(paymentRequests.id, request!.id)));

    if (paidAt && 'card' in plan) {
      const [attempt] = await tx
        .insert(paymentAttempts)
        .values({
          companyId,
          paymentRequestId: request!.id,
          idempotencyKey: `seed-${request!.id}-${createLinkCode()}`,
          method: 'card',
          state: 'approved',
          amountCents: lines.amountCents,
          cardBrand: plan.card.brand,
          cardLast4: plan.card.last4,
          message: 'Approved',
          provider: 'simulator',
          providerKey: `sim_seed_${request!.id}`,
          createdAt: paidAt,
          finishedAt: paidAt,
        })
        .returning({ id: paymentAttempts.id });
      await tx.insert(paymentTransactions).values({
        companyId,
        paymentRequestId: request!.id,
        attemptId: attempt!.id,
        provider: 'simulator',
        providerKey: `sim_seed_${request!.id}`,
        kind: 'sale',
        method: 'card',
        status: 'approved',
        amountCents: lines.amountCents,
        cardBrand: plan.card.brand,
        cardLast4: plan.card.last4,
        customerId: order.customerId,
        createdAt: paidAt,
      });
    }
    await tx
      .update(repairOrders)
      .set({ paymentRequestIds: sql`array_append(${repairOrders.paymentRequestIds}, ${request!.id}::bigint)` })
      .where(and(eq(repairOrders.companyId, companyId), eq(repairOrders.id, order.id)));
    const previous = customer?.lastPaymentRequest;
    if (!previous || previous.createdAt < request!.createdAt.toISOString())
      await tx
        .update(customers)
        .set({ lastPaymentRequest: toPaymentRequestSummary(request!) })
        .where(and(eq(customers.companyId, companyId), eq(customers.id, order.customerId)));
  }
}
