import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildAutomatedMessageKey } from '@cd/contracts/automated-message';
import { createLinkCode, customerLinkExpiry, customerLinkUrl } from '@cd/contracts/customer-link';
import { customerDisplayName } from '@cd/contracts/customer';
import { SURVEY_FOLLOW_UP_DUE_HOURS } from '@cd/contracts/survey';
import type { TTx } from '../db/client';
import { planAutomatedMessage } from '../modules/automations/automations.api';
import { automatedMessages } from '../modules/automations/automations.schema';
import { companies } from '../modules/companies/companies.schema';
import { customerLinks } from '../modules/customer-links/customer-links.schema';
import { customers } from '../modules/customers/customers.schema';
import { messages } from '../modules/messages/messages.schema';
import { repairOrderLines, repairOrders } from '../modules/repair-orders/repair-orders.schema';
import { toSurveySummary } from '../modules/surveys/surveys.presenter';
import { surveys } from '../modules/surveys/surveys.schema';
import { tasks } from '../modules/tasks/tasks.schema';
import { users } from '../modules/users/users.schema';
import { vehicles } from '../modules/vehicles/vehicles.schema';
import { DEMO_SURVEY_CUSTOMER_VIEW, DEMO_SURVEY_SETTINGS } from './seed-surveys-data';
import { planDemoSurveys, type TSurveyPlan } from './seed-surveys-plan';

type TCustomer = typeof customers.$inferSelect;
const HOUR = 3_600_000;

const render = (text: string, opts: { customer: TCustomer; url: string }) =>
  text
    .replace('{customer_name}', customerDisplayName(opts.customer) || 'there')
    .replace('{company_name}', 'Demo Motors')
    .replace('{survey_url}', opts.url);

/** What the engine sent for one survey: the survey text, and the reminder when it went out. */
interface TSentText {
  plan: TSurveyPlan;
  surveyId: number;
  customer: TCustomer;
  kind: 'survey' | 'survey_resend';
  at: Date;
  code: string;
  content: string;
}

/**
 * Demo Motors' surveys (issue 14): the settings and the public page's texts, ~80 surveys over four months with their
 * closed orders, the texts in the customers' threads (automated messages and links as the engine records them),
 * answers, review clicks, follow-up tasks of negative answers (some resolved), two planned for tomorrow and Patricia
 * Moore's survey sent by hand two days ago, whose link opens the public page. Batch inserts; Customer.lastSurvey and
 * the orders' survey_id as the surveys module keeps them.
 */
export async function seedDemoSurveys(tx: TTx, opts: { motorsId: number; publicUrl: string }): Promise<void> {
  const companyId = opts.motorsId;
  const now = Date.now();
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  await tx
    .update(companies)
    .set({ surveySettings: DEMO_SURVEY_SETTINGS, customerView: { ...(company!.customerView ?? {}), ...DEMO_SURVEY_CUSTOMER_VIEW } })
    .where(eq(companies.id, companyId));
  const staff = await tx.select().from(users).where(eq(users.companyId, companyId));
  const admin = staff.find((u) => u.roles.includes('ROLE_COMPANY_ADMIN'))!;
  const advisor = staff.find((u) => u.advisor) ?? admin;
  const { customers: planned, surveys: plans } = planDemoSurveys({ now, timeZone: company!.timezone });

  // Customers: the conversation seed's by phone, the new ones in one insert (their thread is the survey texts).
  const existing = await tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        inArray(
          customers.phone,
          planned.filter((c) => c.existing).map((c) => c.phone),
        ),
      ),
    );
  const fresh = planned.filter((c) => !c.existing);
  const firstSeen = (phone: string) => Math.min(...plans.filter((p) => planned[p.customer]!.phone === phone).map((p) => p.createdAt.getTime()));
  const inserted = await tx
    .insert(customers)
    .values(
      fresh.map((c) => ({
        companyId,
        firstName: c.firstName,
        lastName: c.lastName,
        phone: c.phone,
        preferredChannel: 'simulator',
        preferredBrand: c.vehicle?.make ?? null,
        createdAt: new Date(firstSeen(c.phone) - 3 * 24 * HOUR),
      })),
    )
    .returning();
  const byPhone = new Map([...existing, ...inserted].map((c) => [c.phone!, c]));
  const customerOf = (p: TSurveyPlan) => byPhone.get(planned[p.customer]!.phone)!;

  // One vehicle per customer (Patricia's is the repair-order seed's), then one closed order per planned survey.
  const cars = await tx
    .insert(vehicles)
    .values(planned.flatMap((c) => (c.vehicle ? [{ companyId, customerId: byPhone.get(c.phone)!.id, ...c.vehicle }] : [])))
    .returning();
  const carOf = new Map(cars.map((v) => [v.customerId, v.id]));
  const newOrders = plans.flatMap((p) => ('number' in p.order ? [{ plan: p, order: p.order }] : []));
  const orderRows = await tx
    .insert(repairOrders)
    .values(
      newOrders.map(({ plan, order }) => ({
        companyId,
        customerId: customerOf(plan).id,
        vehicleId: carOf.get(customerOf(plan).id) ?? null,
        number: order.number,
        title: order.title,
        priceCents: order.price,
        status: 'completed' as const,
        serviceAdvisorId: advisor.id,
        openedAt: order.openedAt,
        closedAt: order.closedAt,
        createdAt: order.openedAt,
        updatedAt: order.closedAt,
      })),
    )
    .returning();
  await tx.insert(repairOrderLines).values(
    newOrders.map(({ order }, i) => ({
      companyId,
      repairOrderId: orderRows[i]!.id,
      description: order.line,
      priceCents: order.price,
      status: 'approved' as const,
      decidedAt: order.openedAt,
      decidedBy: 'staff' as const,
    })),
  );
  const oldOrders = await tx.select().from(repairOrders).where(eq(repairOrders.companyId, companyId));
  const orderIdOf = (p: TSurveyPlan) =>
    'number' in p.order
      ? orderRows[newOrders.findIndex((o) => o.plan === p)]!.id
      : oldOrders.find((o) => 'existingNumber' in p.order && o.number === p.order.existingNumber)!.id;

  const surveyRows = await tx
    .insert(surveys)
    .values(
      plans.map((p) => ({
        companyId,
        customerId: customerOf(p).id,
        repairOrderId: orderIdOf(p),
        advisorId: advisor.id,
        state: p.sentAt === null ? ('planned' as const) : p.answeredAt === null ? ('pending' as const) : ('completed' as const),
        manual: p.manual,
        dueAt: p.dueAt,
        sentAt: p.sentAt,
        resentAt: p.resentAt,
        answeredAt: p.answeredAt,
        answer: p.answer,
        answers: p.answers,
        comment: p.comment,
        resolvedAt: p.resolvedAt,
        resolvedById: p.resolvedBy === null ? null : p.resolvedBy === 'admin' ? admin.id : advisor.id,
        resolutionNote: p.note,
        googleClickedAt: p.clicks.google,
        yelpClickedAt: p.clicks.yelp,
        facebookClickedAt: p.clicks.facebook,
        createdAt: p.createdAt,
        updatedAt: new Date(Math.max(...[p.createdAt, p.sentAt, p.resentAt, p.answeredAt, p.resolvedAt].map((d) => d?.getTime() ?? 0))),
      })),
    )
    .returning();
  await seedSurveyTexts(tx, { companyId, publicUrl: opts.publicUrl, now, plans, surveyRows, customerOf });
  await seedFollowUps(tx, { companyId, plans, surveyRows, customerOf, assigneeId: admin.id, doneBy: { admin: admin.id, advisor: advisor.id } });

  // What the surveys module keeps beside the surveys: the order's live survey and the customer's latest one.
  await tx.execute(sql`update repair_orders ro set survey_id = s.id from surveys s
    where s.company_id = ro.company_id and s.repair_order_id = ro.id and s.state <> 'cancelled' and ro.company_id = ${companyId}`);
  const latest = new Map<number, (typeof surveyRows)[number]>();
  for (const s of surveyRows) {
    const prev = latest.get(s.customerId);
    if (!prev || s.createdAt.getTime() > prev.createdAt.getTime() || (s.createdAt.getTime() === prev.createdAt.getTime() && s.id > prev.id))
      latest.set(s.customerId, s);
  }
  const finalRows = await tx
    .select()
    .from(surveys)
    .where(
      and(
        eq(surveys.companyId, companyId),
        inArray(
          surveys.id,
          [...latest.values()].map((s) => s.id),
        ),
      ),
    );
  await tx.execute(sql`update customers c set last_survey = v.summary::jsonb
    from (select unnest(${sql.param(finalRows.map((s) => s.customerId))}::bigint[]) as id,
                 unnest(${sql.param(finalRows.map((s) => JSON.stringify(toSurveySummary(s))))}::text[]) as summary) v
    where c.company_id = ${companyId} and c.id = v.id`);
}

/** The survey texts and reminders in the threads, their automated-message records and links, and the planned ones. */
async function seedSurveyTexts(
  tx: TTx,
  opts: {
    companyId: number;
    publicUrl: string;
    now: number;
    plans: TSurveyPlan[];
    surveyRows: (typeof surveys.$inferSelect)[];
    customerOf: (p: TSurveyPlan) => TCustomer;
  },
): Promise<void> {
  const { companyId, plans, surveyRows } = opts;
  const texts: TSentText[] = [];
  plans.forEach((plan, i) => {
    const customer = opts.customerOf(plan);
    const surveyId = surveyRows[i]!.id;
    const add = (kind: TSentText['kind'], at: Date, template: string) => {
      const code = createLinkCode();
      texts.push({
        plan,
        surveyId,
        customer,
        kind,
        at,
        code,
        content: render(template, { customer, url: customerLinkUrl({ publicUrl: opts.publicUrl, code }) }),
      });
    };
    if (plan.sentAt) add('survey', plan.sentAt, DEMO_SURVEY_SETTINGS.text);
    if (plan.resentAt) add('survey_resend', plan.resentAt, DEMO_SURVEY_SETTINGS.resendText);
  });
  const messageRows = await tx
    .insert(messages)
    .values(
      texts.map((t) => ({
        companyId,
        customerId: t.customer.id,
        direction: 'OUTBOUND' as const,
        status: 'DELIVERED',
        type: 'STANDARD',
        channel: 'simulator',
        sender: 'system' as const,
        content: t.content,
        providerMessageId: `SEED-SV-${t.surveyId}-${t.kind}`,
        sentAt: t.at,
        createdAt: t.at,
      })),
    )
    .returning({ id: messages.id });
  const automatedRows = await tx
    .insert(automatedMessages)
    .values(
      texts.map((t, i) => ({
        companyId,
        key: buildAutomatedMessageKey({ kind: t.kind, id: t.surveyId }),
        kind: t.kind,
        entity: 'survey' as const,
        entityId: t.surveyId,
        customerId: t.customer.id,
        state: 'sent' as const,
        reasonKey: 'automated_message_sent',
        dueAt: t.kind === 'survey' ? t.plan.dueAt : new Date(t.at.getTime() - 40_000),
        sentAt: t.at,
        content: t.content,
        messageId: messageRows[i]!.id,
        channel: 'simulator',
        createdAt: t.kind === 'survey' ? t.plan.createdAt : t.plan.sentAt!,
        updatedAt: t.at,
      })),
    )
    .returning({ id: automatedMessages.id });
  await tx.insert(customerLinks).values(
    texts.map((t, i) => {
      const opened = t.kind === 'survey' ? t.plan.linkOpenedAt : null;
      return {
        companyId,
        code: t.code,
        purpose: 'survey' as const,
        entity: 'survey',
        entityId: t.surveyId,
        customerId: t.customer.id,
        automatedMessageId: automatedRows[i]!.id,
        // The demo's open survey counts from now, so its page still opens however long after seeding it is tried.
        expiresAt: customerLinkExpiry({ purpose: 'survey', now: t.plan.freshLink ? new Date(opts.now) : t.at }),
        firstOpenedAt: opened,
        lastOpenedAt: opened,
        openCount: opened ? (t.kind === 'survey' ? t.plan.linkOpens : 0) : 0,
        createdAt: t.at,
      };
    }),
  );
  await tx.execute(sql`update surveys s set message_id = am.message_id from automated_messages am
    where am.company_id = s.company_id and am.entity = 'survey' and am.entity_id = s.id and am.kind = 'survey' and s.company_id = ${companyId}`);

  // What the engine has planned: tomorrow's surveys and the reminders of the recent unanswered ones.
  for (const [i, plan] of plans.entries()) {
    const base = { companyId, customerId: opts.customerOf(plan).id, entityId: surveyRows[i]!.id };
    if (plan.sentAt === null) await planAutomatedMessage(tx, { ...base, kind: 'survey', dueAt: plan.dueAt });
    if (plan.resendDueAt) await planAutomatedMessage(tx, { ...base, kind: 'survey_resend', dueAt: plan.resendDueAt });
  }

  // The survey text is now the last message of a thread that had none after it (the new customers, Patricia).
  const lastOf = new Map<number, TSentText>();
  for (const t of texts) if ((lastOf.get(t.customer.id)?.at.getTime() ?? 0) < t.at.getTime()) lastOf.set(t.customer.id, t);
  const newer = [...lastOf.values()].filter((t) => {
    const prev = t.customer.lastMessage?.createdAt;
    return !prev || new Date(prev).getTime() < t.at.getTime();
  });
  for (const t of newer)
    await tx
      .update(customers)
      .set({
        bumpedAt: t.at,
        lastMessage: { content: t.content, direction: 'OUTBOUND', status: 'DELIVERED', createdAt: t.at.toISOString(), hasAttachments: false },
      })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, t.customer.id)));
}

/** Every negative answer got a follow-up task for the company admin, due 24 h later; the resolved ones are done. */
async function seedFollowUps(
  tx: TTx,
  opts: {
    companyId: number;
    plans: TSurveyPlan[];
    surveyRows: (typeof surveys.$inferSelect)[];
    customerOf: (p: TSurveyPlan) => TCustomer;
    assigneeId: number;
    doneBy: { admin: number; advisor: number };
  },
): Promise<void> {
  const { companyId } = opts;
  const negatives = opts.plans.flatMap((plan, i) => (plan.answer === false ? [{ plan, survey: opts.surveyRows[i]! }] : []));
  if (!negatives.length) return;
  await tx.insert(tasks).values(
    negatives.map(({ plan, survey }) => {
      const name = customerDisplayName(opts.customerOf(plan)) || 'A customer';
      const body = [`${name} answered the satisfaction survey negatively.`, ...plan.answers.map((a) => `${a.question}: ${a.answer}`)];
      if (plan.comment) body.push(`Comment: ${plan.comment}`);
      return {
        companyId,
        assigneeId: opts.assigneeId,
        customerId: survey.customerId,
        title: `Follow up with ${name} (negative survey)`,
        body: body.join('\n'),
        dueAt: new Date(plan.answeredAt!.getTime() + SURVEY_FOLLOW_UP_DUE_HOURS * HOUR),
        doneAt: plan.resolvedAt,
        doneById: plan.resolvedBy === null ? null : opts.doneBy[plan.resolvedBy],
        doneNote: plan.note,
        entity: 'survey',
        entityId: survey.id,
        createdAt: plan.answeredAt!,
        updatedAt: plan.resolvedAt ?? plan.answeredAt!,
      };
    }),
  );
  await tx.execute(sql`update surveys s set follow_up_task_id = t.id from tasks t
    where t.company_id = s.company_id and t.entity = 'survey' and t.entity_id = s.id and s.company_id = ${companyId}`);
}
