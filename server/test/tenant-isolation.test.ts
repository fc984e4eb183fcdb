import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../src/db/client';
import { saveMediaFromBuffer } from '../src/modules/media/media.service';
import { planAutomatedMessage } from '../src/modules/automations/automations.api';
import { createCustomerLink } from '../src/modules/customer-links/customer-links.api';
import { queueUserNotification } from '../src/modules/notifications/notifications.jobs';
import { runWithLiveEvents } from '../src/live/run-with-live-events';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from './helpers';
import { multipartBody } from './multipart';
import { dayFromNow, enableAppointments, dayInstant, seedServices, seedShifts } from './appointment-fixtures';
import { enablePayments } from './payment-operations-fixtures';
import { seedKeywords, setRealEstate } from './real-estate-fixtures';
import { tokenizeSimulatorCard } from '../src/payments/payments';
import { paymentSimulatorStore } from '../src/modules/payments/payments.processor';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
/** Rows of company A (and one of company B where a body must name the intruder's own row). */
const rows: Record<string, number> = {};

async function createCustomer(s: TSeededCompany, phone: string): Promise<number> {
  const tok = (await login(t.app, s.admin.email)).token;
  const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone, firstName: 'Victim' } });
  return res.json().id;
}

beforeAll(async () => {
  // Every describe signs its own users in from the one test address; the sign-in throttle is tested on its own.
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  rows.customer = await createCustomer(a, '+15559990001');
  rows.archivedCustomer = await createCustomer(a, '+15559990002');
  const adminTok = (await login(t.app, a.admin.email)).token;
  await t.app.inject({ method: 'PUT', url: `/api/customers/${rows.archivedCustomer}/archive`, headers: bearer(adminTok) });
  rows.otherCustomer = await createCustomer(b, '+15559990003');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(adminTok),
    payload: { customerId: rows.customer, content: 'Secret victim message', scheduledAt: new Date(Date.now() + 86400_000).toISOString() },
  });
  rows.message = sent.json().id;
  const tpl = await t.app.inject({ method: 'POST', url: '/api/message_templates', headers: bearer(adminTok), payload: { text: 'Victim template' } });
  rows.template = tpl.json().id;
  const group = await t.app.inject({
    method: 'POST',
    url: '/api/customer_groups',
    headers: bearer(adminTok),
    payload: { name: 'Victim group', customers: [rows.customer] },
  });
  rows.group = group.json().id;
  const gm = await t.app.inject({
    method: 'POST',
    url: '/api/group_messages',
    headers: bearer(adminTok),
    payload: { customerGroupId: rows.group, content: 'Victim broadcast', scheduledAt: new Date(Date.now() + 86400_000).toISOString() },
  });
  rows.groupMessage = gm.json().id;
  const svc = await t.app.inject({
    method: 'POST',
    url: '/api/company_services',
    headers: bearer(adminTok),
    payload: { title: 'Victim service', duration: 30, price: 4999 },
  });
  rows.companyService = svc.json().id;
  const pdf = { filename: 'a.pdf', mimetype: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
  rows.media = (await saveMediaFromBuffer({ deps: t.app.deps, companyId: a.companyId, userId: a.agent.id, file: pdf })).id;
  const importForm = multipartBody([
    { name: 'file', filename: 'victims.csv', contentType: 'text/csv', data: Buffer.from('Phone,Name\n+15559990009,Victim') },
    { name: 'mapping', value: '{"phone":"Phone","firstName":"Name"}' },
  ]);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/customers/import',
    headers: { ...bearer(adminTok), ...importForm.headers },
    payload: importForm.payload,
  });
  rows.customerImport = imported.json().id;
  const agentTok = (await login(t.app, a.agent.email)).token;
  const chat = await t.app.inject({
    method: 'POST',
    url: '/api/internal_chat_threads',
    headers: bearer(agentTok),
    payload: { users: [a.admin.id], name: 'Victim chat' },
  });
  rows.chatThread = chat.json().id;
  await t.app.inject({
    method: 'POST',
    url: '/api/internal_chat/send',
    headers: bearer(agentTok),
    payload: { thread_id: rows.chatThread, content: 'Victim chat message' },
  });
  const report = '{}\n{"type":"event"}\n{"message":"Victim crash","release":"victim"}';
  await t.app.inject({ method: 'POST', url: '/api/public/sentry_tunnel', headers: { ...bearer(adminTok), 'content-type': 'text/plain' }, payload: report });
  rows.errorReport = await runInScope(t.db, { companyId: null, system: true }, async (tx) =>
    Number(((await tx.execute(sql`select max(id) as id from error_reports`)).rows[0] as { id: string }).id),
  );
  const vehicle = await t.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: bearer(adminTok),
    payload: { customer: rows.customer, make: 'Victim', model: 'Car', year: 2015, mileage: 1000, vin: '1HGCM82633A004352' },
  });
  rows.vehicle = vehicle.json().id;
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/repair_orders',
    headers: bearer(adminTok),
    payload: { customer: rows.customer, vehicle: rows.vehicle, number: 'VICTIM-1', title: 'Victim order', price: 100 },
  });
  rows.repairOrder = order.json().id;
  const denied = await t.app.inject({
    method: 'POST',
    url: '/api/repair_order_lines',
    headers: bearer(adminTok),
    payload: { repairOrder: rows.repairOrder, description: 'Victim denied', price: 5, status: 'denied' },
  });
  rows.deniedLine = denied.json().id;
  const line = await t.app.inject({
    method: 'POST',
    url: '/api/repair_order_lines',
    headers: bearer(adminTok),
    payload: { repairOrder: rows.repairOrder, description: 'Victim line', price: 10 },
  });
  rows.repairOrderLine = line.json().id;
  rows.recommendation = (
    await t.app.inject({ method: 'GET', url: `/api/vehicles/${rows.vehicle}/recommendations`, headers: bearer(adminTok) })
  ).json().member[0].id;
  rows.notification = (await runWithLiveEvents({
    deps: t.app.deps,
    scope: { companyId: a.companyId },
    fn: (tx, emit) =>
      queueUserNotification({
        tx,
        emit,
        notification: { companyId: a.companyId, userId: a.admin.id, kind: 'inbound_message', title: 'Victim notification', body: 'Victim text' },
      }),
  }))!.id;
  rows.customerLink = await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
    const planned = await planAutomatedMessage(tx, {
      companyId: a.companyId,
      customerId: rows.customer!,
      kind: 'vehicle_ready',
      entityId: 777,
      dueAt: new Date(Date.now() + 86400_000),
    });
    rows.automatedMessage = planned.row.id;
    return (await createCustomerLink(tx, { companyId: a.companyId, customerId: rows.customer!, purpose: 'status', entity: 'repair_order', entityId: 777 })).id;
  });
  // A negative, unresolved survey of A with its follow-up task.
  await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
    const task = await tx.execute(sql`insert into tasks (company_id, assignee_id, customer_id, title, due_at, entity)
      values (${a.companyId}, ${a.admin.id}, ${rows.customer}, 'Victim follow-up', now() + interval '1 day', 'survey') returning id`);
    rows.task = Number((task.rows[0] as { id: string }).id);
    const survey =
      await tx.execute(sql`insert into surveys (company_id, customer_id, repair_order_id, state, due_at, sent_at, answered_at, answer, comment, follow_up_task_id)
      values (${a.companyId}, ${rows.customer}, ${rows.repairOrder}, 'completed', now(), now(), now(), false, 'Victim comment', ${rows.task}) returning id`);
    rows.survey = Number((survey.rows[0] as { id: string }).id);
    await tx.execute(sql`update tasks set entity_id = ${rows.survey} where id = ${rows.task}`);
  });
  // An appointment of A (both companies have the module, so a refusal is tenancy's, not the module's).
  await enableAppointments(t, a.companyId);
  await enableAppointments(t, b.companyId);
  await seedShifts(t, a.companyId, a.admin.id);
  const [serviceId] = await seedServices(t, a.companyId, [30]);
  const appointment = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: bearer(adminTok),
    payload: { customer: rows.customer, services: [serviceId], startsAt: dayInstant(dayFromNow(3), '09:00') },
  });
  if (appointment.statusCode !== 201) throw new Error(`appointment fixture: ${appointment.body}`);
  rows.appointment = appointment.json().id;
  // A's shifts, vacation and bay (the schedule of the appointments area).
  const schedule = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(adminTok), payload });
    if (res.statusCode !== 201) throw new Error(`${url} fixture: ${res.body}`);
    return res.json().id as number;
  };
  rows.workingHours = await schedule('/api/working_hours', {
    user: a.agent.id,
    days: { monday: [{ startsAt: '08:00', endsAt: '12:00' }], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
  });
  rows.vacation = await schedule('/api/vacations', { user: a.agent.id, from: dayFromNow(10), to: dayFromNow(12), note: 'Victim vacation' });
  rows.appointmentResource = await schedule('/api/appointment_resources', { name: 'Victim bay', kind: 'bay', capacity: 1, services: [serviceId] });
  // A's charge customer with a statement of one transaction (accounts receivable).
  await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
    const one = async (q: ReturnType<typeof sql>) => Number(((await tx.execute(q)).rows[0] as { id: string }).id);
    rows.chargeCustomer = await one(
      sql`insert into charge_customers (company_id, name, account_number) values (${a.companyId}, 'Victim trade', 'VICTIM-AR') returning id`,
    );
    rows.arStatement = await one(sql`insert into ar_statements (company_id, charge_customer_id, period_from, period_to, amount_cents, transaction_count)
      values (${a.companyId}, ${rows.chargeCustomer}, current_date, current_date, 100, 1) returning id`);
    await tx.execute(sql`insert into ar_transactions (company_id, charge_customer_id, document_number, transaction_at, amount_cents, statement_id)
      values (${a.companyId}, ${rows.chargeCustomer}, 'VICTIM-DOC', now(), 100, ${rows.arStatement})`);
  });
  // A's payment request and a card sale of it (payments: transactions, refunds, terminals).
  await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
    const one = async (q: ReturnType<typeof sql>) => Number(((await tx.execute(q)).rows[0] as { id: string }).id);
    rows.paymentRequest ??= await one(
      sql`insert into payment_requests (company_id, customer_id, source, invoice, amount_cents, status) values (${a.companyId}, ${rows.customer}, 'standalone', 'VICTIM-INV', 100, 'sent') returning id`,
    );
    rows.paymentTransaction =
      await one(sql`insert into payment_transactions (company_id, payment_request_id, provider, provider_key, kind, method, status, amount_cents)
      values (${a.companyId}, ${rows.paymentRequest}, 'simulator', 'victim-key', 'sale', 'card', 'approved', 100) returning id`);
  });
  // A's monthly card rule, made as the screen makes it (a tokenised card, the first month charged by the simulator).
  await enablePayments(t, a);
  const cardKey = tokenizeSimulatorCard({ store: paymentSimulatorStore(t.app.deps.config), number: '4000100011112224', expiration: '12/39', cvc: '123' });
  if (!('paymentKey' in cardKey)) throw new Error('recurring rule fixture: tokenise failed');
  rows.recurringRule = await schedule('/api/payment/recurring_rules', {
    customer: rows.customer,
    amountCents: 2500,
    dayOfMonth: 5,
    description: 'Victim plan',
    paymentKey: cardKey.paymentKey,
    consent: { name: 'Victim Customer', text: 'I agree to be charged $25.00 every month on the 5th until I cancel.' },
    idempotencyKey: randomUUID(),
  });
  // The card that rule saved (POST /api/payment/saved_cards/:id/revoke).
  rows.savedCard = await runInScope(t.db, { companyId: a.companyId }, async (tx) =>
    Number(((await tx.execute(sql`select saved_card_id as id from payment_recurring_rules where id = ${rows.recurringRule}`)).rows[0] as { id: string }).id),
  );
  // A's parts account, a sale, a counter ticket and a statement of the ticket (parts sales).
  rows.partsCustomer = await schedule('/api/parts_customers', { name: 'Victim Parts Co', customerReference: 'VICTIM-1', customer: rows.customer });
  const partsLine = { partNumber: 'VICTIM-PN', description: 'Victim part', quantity: 1, unitPriceCents: 1000 };
  rows.partsSale = await schedule('/api/parts_sales', { customer: rows.partsCustomer, number: 'VICTIM-S1', date: '2026-01-05', lines: [partsLine] });
  rows.partsCounterTicket = await schedule('/api/parts_counter_tickets', {
    customer: rows.partsCustomer,
    number: 'VICTIM-T1',
    date: '2026-01-06',
    lines: [partsLine],
  });
  rows.partsStatement = await schedule('/api/parts_statements', { customer: rows.partsCustomer, from: '2026-01-01', to: '2026-01-31' });
  // A's keyword and listing (both companies have real estate on, so a refusal is tenancy's); B's own keyword for bodies.
  await setRealEstate(t, a.companyId);
  await setRealEstate(t, b.companyId);
  rows.keyword = (await seedKeywords(t, a.companyId, ['VCTMKW']))[0]!;
  rows.otherKeyword = (await seedKeywords(t, b.companyId, ['NTRDKW']))[0]!;
  rows.listing = await schedule('/api/listings', { name: 'Victim listing', url: 'https://victim.example/1', keyword: rows.keyword });
  // A's marketing lead (issue 18, leads module).
  rows.lead = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const res = await tx.execute(sql`insert into marketing_leads (company_id, customer_id, source, note) values (${a.companyId}, ${rows.customer}, 'landing_page', 'Victim lead') returning id::int as id`);
    return Number((res.rows[0] as { id: number }).id);
  });
  // A's offer (issue 18, offers module; written directly: A's offers module stays off for the module check below).
  rows.offer = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const res = await tx.execute(sql`insert into offers (company_id, name, message) values (${a.companyId}, 'Victim offer', 'Victim text') returning id::int as id`);
    // B has offers on, so its refusal of A's offer is tenancy's 404 and not the module's 403.
    await tx.execute(sql`update companies set modules = modules || '{"offers": true}'::jsonb where id = ${b.companyId}`);
    return Number((res.rows[0] as { id: number }).id);
  });
  // A's interest category (with A's customer in it) and A's customer's interest in A's listing (interests module).
  await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const i = await tx.execute(sql`insert into interests (company_id, name) values (${a.companyId}, 'Victim interest') returning id::int as id`);
    rows.interest = Number((i.rows[0] as { id: number }).id);
    await tx.execute(sql`insert into customer_interests (company_id, customer_id, interest_id) values (${a.companyId}, ${rows.customer}, ${rows.interest})`);
    const li = await tx.execute(
      sql`insert into listing_interests (company_id, listing_id, customer_id, source) values (${a.companyId}, ${rows.listing}, ${rows.customer}, 'keyword') returning id::int as id`,
    );
    rows.listingInterest = Number((li.rows[0] as { id: number }).id);
  });
  // A's questionnaire and a response of A's customer (questionnaire module on for both, so a refusal is tenancy's).
  await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    await tx.execute(sql`update companies set modules = modules || '{"questionnaire": true}'::jsonb where id in (${a.companyId}, ${b.companyId})`);
    const q = await tx.execute(sql`insert into questionnaires (company_id, name, questions)
      values (${a.companyId}, 'Victim questionnaire', '[{"id":"q1","text":"Victim question","kind":"text","options":[],"required":false}]'::jsonb) returning id::int as id`);
    rows.questionnaire = Number((q.rows[0] as { id: number }).id);
    const r = await tx.execute(sql`insert into questionnaire_responses (company_id, questionnaire_id, customer_id, questions)
      values (${a.companyId}, ${rows.questionnaire}, ${rows.customer}, '[]'::jsonb) returning id::int as id`);
    rows.questionnaireResponse = Number((r.rows[0] as { id: number }).id);
  });
  // A's admin's reminder about A's customer (issue 19, reminders: each user's own).
  const reminder = await t.app.inject({
    method: 'POST',
    url: '/api/reminders',
    headers: bearer(adminTok),
    payload: { text: 'Victim reminder', dueAt: new Date(Date.now() + 86400_000).toISOString(), customer: rows.customer },
  });
  if (reminder.statusCode !== 201) throw new Error(`reminder fixture: ${reminder.body}`);
  rows.reminder = reminder.json().id;
  // A's routing rule (issue 21 routing): another company's admin reaches it, and A's conversations' take and decisions, as missing.
  const routingRule = await t.app.inject({ method: 'POST', url: '/api/routing/rules', headers: bearer(adminTok), payload: { name: 'Victim rule', strategy: 'sticky' } });
  if (routingRule.statusCode !== 201) throw new Error(`routing rule fixture: ${routingRule.body}`);
  rows.routingRule = routingRule.json().id;
  // A's public API key (issue 21): another company's admin reaches it by id as missing, and its revoke changes nothing.
  const apiKey = await t.app.inject({ method: 'POST', url: '/api/api_keys', headers: bearer(adminTok), payload: { name: 'Victim key', scopes: [{ area: 'messenger', access: 'read' }] } });
  if (apiKey.statusCode !== 201) throw new Error(`api key fixture: ${apiKey.body}`);
  rows.apiKey = apiKey.json().id;
  // A's outgoing webhook endpoint and a delivery of its test event (issue 21): another company's admin gets 404.
  const hook = await t.app.inject({ method: 'POST', url: '/api/webhook_endpoints', headers: bearer(adminTok), payload: { url: 'https://93.184.216.34/victim', events: ['customer.created'] } });
  if (hook.statusCode !== 201) throw new Error(`webhook endpoint fixture: ${hook.body}`);
  rows.webhookEndpoint = hook.json().id;
  const hookTest = await t.app.inject({ method: 'POST', url: `/api/webhook_endpoints/${rows.webhookEndpoint}/test`, headers: bearer(adminTok) });
  if (hookTest.statusCode !== 202) throw new Error(`webhook delivery fixture: ${hookTest.body}`);
  rows.webhookDelivery = hookTest.json().id;
  // A's report (issue 19): a one-time report that is ready, so its files, data and run are all reachable for A.
  await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
    const rep = await tx.execute(sql`insert into reports (company_id, type, kind, status, recipients, from_day, to_day, time_zone)
      values (${a.companyId}, 'one_time', 'usage_and_response_time', 'ready', '["victim@a.example"]'::jsonb, '2026-01-01', '2026-01-07', 'UTC') returning id::int as id`);
    rows.report = Number((rep.rows[0] as { id: number }).id);
  });
});
beforeAll(async () => {
  // A webhook delivery to A (issue 20, webhook log; system-only rows).
  rows.webhookRequest = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const res = await tx.execute(sql`insert into webhook_requests (company_id, source, method, url, body, status, verification, outcome)
      values (${a.companyId}, 'sms_provider', 'POST', ${`/api/webhooks/sms-provider/${a.slug}/inbound`}, 'Body=Victim', 200, 'valid', 'processed') returning id::int as id`);
    return Number((res.rows[0] as { id: number }).id);
  });
});
beforeAll(async () => {
  // An outside call made for A (issue 20, outgoing API log; system-only rows).
  rows.apiRequest = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const res = await tx.execute(sql`insert into api_calls (company_id, vendor, operation, method, url, status, duration_ms)
      values (${a.companyId}, 'twilio', 'messages.create', 'POST', 'https://api.twilio.com/Messages.json', 201, 5) returning id::int as id`);
    return Number((res.rows[0] as { id: number }).id);
  });
});
afterAll(() => t.close());

/**
 * Each routed resource names a row of company A. A route with an id parameter whose resource is missing here
 * fails the suite: every new area adds its fixture (and a valid body below) to stay covered.
 */
const FIXTURES: Record<string, (s: TSeededCompany) => number> = {
  users: (s) => s.agent.id,
  companies: (s) => s.companyId,
  customers: () => rows.customer!,
  archived_customers: () => rows.archivedCustomer!,
  media_objects: () => rows.media!,
  customer_imports: () => rows.customerImport!,
  messages: () => rows.message!,
  message_templates: () => rows.template!,
  customer_groups: () => rows.group!,
  group_messages: () => rows.groupMessage!,
  internal_chat_threads: () => rows.chatThread!,
  notifications: () => rows.notification!,
  company_services: () => rows.companyService!,
  error_reports: () => rows.errorReport!,
  vehicles: () => rows.vehicle!,
  repair_orders: () => rows.repairOrder!,
  repair_order_lines: () => rows.repairOrderLine!,
  vehicle_recommendations: () => rows.recommendation!,
  customer_links: () => rows.customerLink!,
  automated_messages: () => rows.automatedMessage!,
  surveys: () => rows.survey!,
  tasks: () => rows.task!,
  appointments: () => rows.appointment!,
  working_hours: () => rows.workingHours!,
  vacations: () => rows.vacation!,
  appointment_resources: () => rows.appointmentResource!,
  charge_customers: () => rows.chargeCustomer!,
  // /api/automotive/statements/:id (and its pdf and send).
  automotive: () => rows.arStatement!,
  parts_customers: () => rows.partsCustomer!,
  parts_sales: () => rows.partsSale!,
  parts_counter_tickets: () => rows.partsCounterTicket!,
  parts_statements: () => rows.partsStatement!,
  // /api/payment/transactions/:id (and its refund).
  payment: () => rows.paymentTransaction!,
  // A longer path names its own fixture (looked up before its first segment): /api/payment/recurring_rules/:id.
  'payment/recurring_rules': () => rows.recurringRule!,
  'payment/saved_cards': () => rows.savedCard!,
  payment_requests: () => rows.paymentRequest!,
  questionnaires: () => rows.questionnaire!,
  questionnaire_responses: () => rows.questionnaireResponse!,
  keywords: () => rows.keyword!,
  listings: () => rows.listing!,
  // /api/marketing/leads/:id (leads module).
  'marketing/leads': () => rows.lead!,
  offers: () => rows.offer!,
  interests: () => rows.interest!,
  listing_interests: () => rows.listingInterest!,
  reminders: () => rows.reminder!,
  'routing/rules': () => rows.routingRule!,
  'routing/conversations': () => rows.customer!,
  api_keys: () => rows.apiKey!,
  webhook_endpoints: () => rows.webhookEndpoint!,
  webhook_deliveries: () => rows.webhookDelivery!,
  reports: () => rows.report!,
  // /api/development/webhook_requests/:id (super admins only: a company admin gets 403).
  'development/webhook_requests': () => rows.webhookRequest!,
  // /api/development/api_requests/:id (super admins only: a company admin gets 403).
  'development/api_requests': () => rows.apiRequest!,
};

/** Valid bodies, so a refusal comes from tenancy and not from validation. */
const BODIES: Record<string, (other: TSeededCompany) => unknown> = {
  'PATCH /api/users/:id': () => ({ firstName: 'Intruder' }),
  'PUT /api/users/:id/roles': () => ({ roles: ['ROLE_USER'] }),
  'PUT /api/users/:id/change_password': () => ({ password: 'Intrud3rPass' }),
  'PATCH /api/users/:id/enabled': () => ({ enabled: false }),
  'PATCH /api/companies/:id': () => ({ address: 'Intruder street' }),
  'PUT /api/companies/:id/toggle_module': () => ({ module: 'offers', toggle: true }),
  'PATCH /api/customers/:id': () => ({ firstName: 'Intruder' }),
  'PUT /api/customers/:id/merge': () => ({ source: rows.otherCustomer }),
  'PATCH /api/message_templates/:id': () => ({ text: 'Intruder' }),
  'PUT /api/message_templates/:id': () => ({ text: 'Intruder' }),
  'PATCH /api/customer_groups/:id': () => ({ name: 'Intruder' }),
  'POST /api/customers/:id/marketing_consent': () => ({ source: 'staff', wording: 'Intruder consent wording.' }),
  'PATCH /api/offers/:id': () => ({ name: 'Intruder' }),
  'PUT /api/offers/:id': () => ({ name: 'Intruder' }),
  'PUT /api/offers/:id/schedule': () => ({ scheduledAt: null }),
  'POST /api/offers/:id/schedule': () => ({ scheduledAt: null }),
  'PUT /api/customer_groups/:id': () => ({ name: 'Intruder', customers: [] }),
  'PATCH /api/internal_chat_threads/:id': (other) => ({ name: 'Intruder', users: [other.agent.id] }),
  'PUT /api/internal_chat_threads/:id': (other) => ({ name: 'Intruder', users: [other.agent.id] }),
  'PATCH /api/company_services/:id': () => ({ price: 1 }),
  'PUT /api/company_services/:id': () => ({ title: 'Intruder', duration: 5, price: 1 }),
  'PATCH /api/vehicles/:id': () => ({ mileage: 1 }),
  'PATCH /api/repair_orders/:id': () => ({ title: 'Intruder' }),
  'PATCH /api/repair_order_lines/:id': () => ({ description: 'Intruder' }),
  'PUT /api/surveys/:id/resolve': () => ({ note: 'Intruder' }),
  'PUT /api/tasks/:id/done': () => ({ note: 'Intruder' }),
  'PATCH /api/appointments/:id': () => ({ notes: 'Intruder' }),
  'PUT /api/working_hours/:id': () => ({ days: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] } }),
  'PATCH /api/vacations/:id': () => ({ note: 'Intruder' }),
  'PATCH /api/appointment_resources/:id': () => ({ capacity: 2 }),
  'POST /api/payment/transactions/:id/refund': () => ({ amountCents: 1 }),
  'PATCH /api/payment/recurring_rules/:id': () => ({ enabled: false, description: 'Intruder' }),
  'POST /api/payment_requests/:id/terminal': () => ({ serial: 'T-ALL' }),
  'PATCH /api/charge_customers/:id': () => ({ name: 'Intruder' }),
  'PATCH /api/parts_customers/:id': () => ({ name: 'Intruder' }),
  'PATCH /api/questionnaires/:id': () => ({ name: 'Intruder' }),
  'PUT /api/questionnaires/:id': () => ({ name: 'Intruder', questions: [{ text: 'Intruder', kind: 'text' }] }),
  'POST /api/questionnaires/:id/send': () => ({ customer: rows.otherCustomer }),
  'POST /api/companies/:id/generate_keywords': () => ({ count: 1 }),
  'PATCH /api/listings/:id': () => ({ name: 'Intruder' }),
  'PUT /api/listings/:id': () => ({ name: 'Intruder' }),
  'PUT /api/listings/:id/assign_keyword': () => ({ keyword_id: rows.otherKeyword }),
  'PUT /api/listings/:id/change_agent': (other) => ({ agent_id: other.agent.id }),
  'PUT /api/listings/:id/archive': () => ({ new_status: 'sold' }),
  'PUT /api/listings/:id/unarchive': () => ({ keyword_id: rows.otherKeyword, new_status: 'for_sale' }),
  'PATCH /api/marketing/leads/:id': () => ({ status: 'closed', note: 'Intruder' }),
  'PATCH /api/interests/:id': () => ({ name: 'Intruder' }),
  'PUT /api/interests/:id': () => ({ name: 'Intruder' }),
  'PATCH /api/listing_interests/:id': () => ({ state: 'not_interested' }),
  'PATCH /api/reminders/:id': () => ({ done: true, text: 'Intruder' }),
  'PATCH /api/routing/rules/:id': () => ({ name: 'Intruder' }),
};
const QUERIES: Record<string, (other: TSeededCompany) => string> = {
  'DELETE /api/users/:id': (other) => `transferTo=${other.agent.id}`,
  // The intruder's own customer as the duplicate: the victim's customer in the path must still be 404.
  'GET /api/customers/:id/merge_preview': () => `duplicate=${rows.otherCustomer}`,
};

describe('row-level security', () => {
  it('a query that forgets its company filter still sees only the current company', async () => {
    const seen = await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
      const u = await tx.execute(sql`select distinct company_id::int as c from users`);
      const c = await tx.execute(sql`select id::int as id from companies`);
      return { users: u.rows.map((r: unknown) => (r as { c: number }).c), companies: c.rows.map((r: unknown) => (r as { id: number }).id) };
    });
    expect(seen).toEqual({ users: [a.companyId], companies: [a.companyId] });
  });

  it('fails closed: no company set means no rows, and writes into another tenant are refused', async () => {
    const none = await runInScope(t.db, { companyId: null }, (tx) => tx.execute(sql`select count(*)::int as n from users`));
    expect((none.rows[0] as { n: number }).n).toBe(0);
    const updated = await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.execute(sql`update users set first_name = 'x' where company_id = ${b.companyId} returning id`),
    );
    expect(updated.rows).toHaveLength(0);
    await expect(
      runInScope(t.db, { companyId: a.companyId }, (tx) =>
        tx.execute(sql`insert into users (company_id, email, password_hash, roles) values (${b.companyId}, 'sneak@x.example', 'x', '{ROLE_USER}')`),
      ),
    ).rejects.toThrow();
  });

  it('the request role cannot switch row-level security off', async () => {
    await expect(runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`alter table users disable row level security`))).rejects.toThrow();
  });
});

describe('every route with an id, called by another company', () => {
  it('answers 404 or 403 and never the data', async () => {
    const routes = t.app.routeTable.filter((r) => /:id\b/.test(r.url) && r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const intruder = (await login(t.app, b.admin.email)).token;
    const checked: string[] = [];
    const answers: Record<string, number> = {};
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const segments = route.url.split('/');
      const resource = FIXTURES[`${segments[2]}/${segments[3]}`] ? `${segments[2]}/${segments[3]}` : segments[2]!;
      const fixture = FIXTURES[resource];
      expect(fixture, `add a tenant-isolation fixture for ${resource} (${key})`).toBeDefined();
      const url = route.url.replace(':id', String(fixture!(a))) + (QUERIES[key] ? `?${QUERIES[key]!(b)}` : '');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: bearer(intruder),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: (BODIES[key]?.(b) ?? {}) as object }),
      });
      expect([403, 404], `${key} answered ${res.statusCode}: ${res.body}`).toContain(res.statusCode);
      expect(res.body).not.toContain(a.agent.email);
      expect(res.body).not.toContain(a.slug);
      expect(res.body).not.toContain('Victim');
      checked.push(key);
      answers[key] = res.statusCode;
    }
    // Nothing of company A changed.
    const adminTok = (await login(t.app, a.admin.email)).token;
    const agent = await t.app.inject({ method: 'GET', url: `/api/users/${a.agent.id}`, headers: bearer(adminTok) });
    expect(agent.json()).toMatchObject({ firstName: 'agent', enabled: true });
    const company = await t.app.inject({ method: 'GET', url: `/api/companies/${a.companyId}`, headers: bearer(adminTok) });
    expect(company.json().address).toBeNull();
    expect(company.json().modules.offers).toBe(false);
    expect(checked).toContain('DELETE /api/users/:id');
    // A's recurring rule: found by its own fixture (not a transaction id), refused as missing, and left as it was.
    for (const key of ['GET', 'PATCH']
      .map((m) => `${m} /api/payment/recurring_rules/:id`)
      .concat('POST /api/payment/recurring_rules/:id/cancel', 'POST /api/payment/saved_cards/:id/revoke'))
      expect(answers[key], key).toBe(404);
    const rule = await t.app.inject({ method: 'GET', url: `/api/payment/recurring_rules/${rows.recurringRule}`, headers: bearer(adminTok) });
    expect(rule.json()).toMatchObject({ id: rows.recurringRule, enabled: true, description: 'Victim plan', endedAt: null, status: 'active' });
    expect(rule.json().savedCard.revokedAt).toBeNull();
    const customer = await t.app.inject({ method: 'GET', url: `/api/customers/${rows.customer}`, headers: bearer(adminTok) });
    expect(customer.json()).toMatchObject({ firstName: 'Victim', read: true, archived: false });
    const msgs = await t.app.inject({ method: 'GET', url: `/api/messages?customer=${rows.customer}`, headers: bearer(adminTok) });
    expect(msgs.statusCode, msgs.body).toBe(200);
    expect(msgs.json().member.map((m: { id: number; status: string }) => [m.id, m.status])).toEqual([[rows.message, 'scheduled']]);
    const tpl = await t.app.inject({ method: 'GET', url: `/api/message_templates/${rows.template}`, headers: bearer(adminTok) });
    expect(tpl.json().text).toBe('Victim template');
    const grp = await t.app.inject({ method: 'GET', url: `/api/customer_groups/${rows.group}`, headers: bearer(adminTok) });
    expect(grp.json()).toMatchObject({ name: 'Victim group', memberCount: 1 });
    const bcast = await t.app.inject({ method: 'GET', url: `/api/group_messages/${rows.groupMessage}`, headers: bearer(adminTok) });
    expect(bcast.json()).toMatchObject({ status: 'scheduled', content: 'Victim broadcast' });
    const chat = await t.app.inject({ method: 'GET', url: `/api/internal_chat_threads/${rows.chatThread}`, headers: bearer(adminTok) });
    expect(chat.json()).toMatchObject({ name: 'Victim chat', isArchived: false });
    expect(chat.json().readStates).toEqual(expect.arrayContaining([{ userId: a.admin.id, isRead: false }]));
    const notes = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(adminTok) });
    expect(notes.json().member).toMatchObject([{ id: rows.notification, title: 'Victim notification', readAt: null }]);
    const svc = await t.app.inject({ method: 'GET', url: `/api/company_services/${rows.companyService}`, headers: bearer(adminTok) });
    expect(svc.json()).toMatchObject({ title: 'Victim service', duration: 30, price: 4999 });
    const ro = await t.app.inject({ method: 'GET', url: `/api/repair_orders/${rows.repairOrder}`, headers: bearer(adminTok) });
    expect(ro.json()).toMatchObject({ title: 'Victim order', state: 'open', vehicleReadySentAt: null, surveyRequestedAt: null });
    expect(ro.json().repairOrderLines.map((l: { id: number }) => l.id)).toContain(rows.repairOrderLine);
    const car = await t.app.inject({ method: 'GET', url: `/api/vehicles/${rows.vehicle}`, headers: bearer(adminTok) });
    expect(car.json()).toMatchObject({ mileage: 1000, appraisalMessageSentAt: null });
    for (const url of [
      '/api/repair_orders',
      '/api/vehicles',
      `/api/repair_orders?customer=${rows.customer}`,
      '/api/repair_order_lines/autocomplete_options?q=Victim',
      '/api/payment_requests',
      `/api/payment_requests?customer=${rows.customer}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(intruder) });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Victim');
    }
    const intruderList = await t.app.inject({ method: 'GET', url: '/api/company_services?pagination=false', headers: bearer(intruder) });
    expect(intruderList.json().member).toEqual([]);
  });
});

describe('internal chat, called by another company', () => {
  it('cannot read, write to or add members from another company, and lists none of its chats', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    const msgs = await t.app.inject({ method: 'GET', url: `/api/internal_chat_messages?thread=${rows.chatThread}`, headers: bearer(intruder) });
    expect(msgs.statusCode).toBe(404);
    expect(msgs.body).not.toContain('Victim');
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/internal_chat/send',
      headers: bearer(intruder),
      payload: { thread_id: rows.chatThread, content: 'Intruder' },
    });
    expect(send.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/internal_chat_threads', headers: bearer(intruder) });
    expect(list.json().member).toEqual([]);
    expect(list.body).not.toContain('Victim');
    const colleagues = await t.app.inject({ method: 'GET', url: '/api/internal_chat/colleagues', headers: bearer(intruder) });
    expect(colleagues.body).not.toContain(a.agent.email);
    const unread = await t.app.inject({ method: 'GET', url: '/api/internal_chat/read_state', headers: bearer(intruder) });
    expect(unread.json()).toEqual({ unread: 0 });
    const pull = await t.app.inject({ method: 'POST', url: '/api/internal_chat_threads', headers: bearer(intruder), payload: { users: [a.agent.id] } });
    expect(pull.statusCode).toBe(422);
    expect(pull.body).not.toContain(a.agent.email);
    const adminTok = (await login(t.app, a.admin.email)).token;
    const kept = await t.app.inject({ method: 'GET', url: `/api/internal_chat_messages?thread=${rows.chatThread}`, headers: bearer(adminTok) });
    expect(kept.json().member.map((m: { content: string }) => m.content)).toEqual(['Victim chat message']);
  });
});

describe('user menu: colleagues, away transfer and impersonation across companies', () => {
  it('never lists, routes to or impersonates another company’s users', async () => {
    const intruderAdmin = (await login(t.app, b.admin.email)).token;
    const intruderAgent = (await login(t.app, b.agent.email)).token;
    for (const q of [`company=${a.companyId}`, `company=${a.companyId}&impersonable=true`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/colleagues?${q}`, headers: bearer(intruderAdmin) });
      expect(res.statusCode, q).toBe(404);
      expect(res.body).not.toContain(a.agent.email);
    }
    const own = await t.app.inject({ method: 'GET', url: '/api/users/colleagues?impersonable=true', headers: bearer(intruderAdmin) });
    expect(own.body).not.toContain(a.slug);
    const transfer = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${b.agent.id}`,
      headers: bearer(intruderAgent),
      payload: { awayState: { status: 'AWAY_WITH_TRANSFER', transferToUserId: String(a.agent.id), backAt: null } },
    });
    expect(transfer.statusCode).toBe(422);
    for (const target of [a.agent.email, a.admin.email])
      expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${encodeURIComponent(target)}`, headers: bearer(intruderAdmin) })).statusCode).toBe(
        403,
      );
  });
});

describe('active page naming another company’s customer', () => {
  it('is refused as not found and records nothing that could silence the other company’s notifications', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    for (const payload of [{ page: 'communication', customerId: rows.customer }, { page: `/communication/${rows.customer}/messenger` }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/record_active_page', headers: bearer(intruder), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.body).not.toContain('Victim');
    }
    const stored = await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`select count(*)::int as n from user_active_pages where customer_id = ${rows.customer} and company_id <> ${a.companyId}`),
    );
    expect((stored.rows[0] as { n: number }).n).toBe(0);
  });
});

describe('the public opt-in page', () => {
  it("lands in the slug's company only: the other company never sees the customer, and A's existing customer is found, not copied", async () => {
    const post = (slug: string, phone: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/companies/${slug}/opt_in`,
        payload: { firstName: 'Qr', phone, consent: true },
        remoteAddress: '10.9.9.9',
      });
    // An existing customer of A's own: opting in messages the customer, and the route test expects rows.customer's thread untouched.
    const existing = '+15559990011';
    await createCustomer(a, existing);
    expect((await post(a.slug, existing)).statusCode).toBe(201);
    expect((await post(b.slug, '+15559990077')).statusCode).toBe(201);
    const aList = await t.app.inject({ method: 'GET', url: '/api/customers?search=555999', headers: bearer((await login(t.app, a.admin.email)).token) });
    const bList = await t.app.inject({ method: 'GET', url: '/api/customers?search=555999', headers: bearer((await login(t.app, b.admin.email)).token) });
    const phonesOf = (r: { json: () => { member: { phone: string }[] } }) =>
      r
        .json()
        .member.map((c) => c.phone)
        .sort();
    expect(phonesOf(aList).filter((p) => p === existing)).toHaveLength(1);
    expect(phonesOf(aList)).not.toContain('+15559990077');
    expect(phonesOf(bList)).toContain('+15559990077');
    expect(phonesOf(bList)).not.toContain(existing);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/companies/${b.slug}` });
    expect(page.body).not.toContain(a.slug);
  });
});

describe('company integration calls naming another company', () => {
  it('refuses payment credential checks and DMS syncs for company A to company B’s admin', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    for (const [url, payload] of [
      ['/api/payment/verify_credentials', { companyId: a.companyId, appKey: 'k', apiSecret: 's' }],
      ['/api/dms/service_writers_sync', { companyId: a.companyId, addMissing: true }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(intruder), payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.body).not.toContain(a.slug);
    }
  });
});

describe('DMS link routes naming another company', () => {
  it('neither starts an import, lists runs nor shows pushes of company A to company B’s admin', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    const orderId = await runInScope(t.db, { companyId: a.companyId }, async (tx) => {
      const res = await tx.execute(
        sql`insert into repair_orders (company_id, customer_id, number, title) values (${a.companyId}, ${rows.customer}, 'VICTIM-RO', 'Victim order') returning id`,
      );
      return Number((res.rows[0] as { id: string }).id);
    });
    const calls = [
      { method: 'POST' as const, url: '/api/dms/sync', payload: { companyId: a.companyId } },
      { method: 'GET' as const, url: `/api/dms/sync_runs?companyId=${a.companyId}` },
      { method: 'GET' as const, url: `/api/dms/pushes?repairOrder=${orderId}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(intruder) });
      expect([403, 404], `${call.url}: ${res.body}`).toContain(res.statusCode);
      expect(res.body).not.toContain(a.slug);
      expect(res.body).not.toContain('Victim');
    }
  });
});

describe('an entity’s automated messages and customer links, listed by another company', () => {
  it('are empty for the intruder and kept for the owner', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    const owner = (await login(t.app, a.admin.email)).token;
    for (const path of ['/api/automated_messages', '/api/customer_links']) {
      const url = `${path}?entity=repair_order&entityId=777`;
      const other = await t.app.inject({ method: 'GET', url, headers: bearer(intruder) });
      expect(other.statusCode, url).toBe(200);
      expect(other.json().member, url).toEqual([]);
      const own = await t.app.inject({ method: 'GET', url, headers: bearer(owner) });
      expect(own.json().member, url).toHaveLength(1);
    }
    const link = await t.app.inject({ method: 'GET', url: '/api/customer_links?entity=repair_order&entityId=777', headers: bearer(owner) });
    expect(link.json().member[0]).toMatchObject({ id: rows.customerLink, state: 'active', revokedAt: null });
  });
});

describe('surveys and tasks, listed by another company', () => {
  it('show nothing of company A to company B’s admin, and A’s admin sees them', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    const owner = (await login(t.app, a.admin.email)).token;
    const urls = ['/api/surveys', '/api/surveys/export.csv', '/api/tasks?assignee=all', `/api/surveys?customer=${rows.customer}`];
    for (const url of urls) {
      const other = await t.app.inject({ method: 'GET', url, headers: bearer(intruder) });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('Victim');
    }
    const stats = await t.app.inject({ method: 'GET', url: '/api/surveys/stats?from=2020-01-01T00:00:00&to=2030-01-01T00:00:00', headers: bearer(intruder) });
    expect(stats.json()).toMatchObject({ sent: 0, completed: 0 });
    const own = await t.app.inject({ method: 'GET', url: '/api/surveys', headers: bearer(owner) });
    expect(own.json().member.map((s: { id: number }) => s.id)).toContain(rows.survey);
    const ownTasks = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: bearer(owner) });
    expect(ownTasks.json().member.map((x: { id: number }) => x.id)).toContain(rows.task);
  });
});

describe('the public booking page and booking links across companies', () => {
  it("books into the slug's company only: another company's services, hold tokens and booking links do not cross", async () => {
    // A company of its own as the other side: the suite's order is shuffled and B's rows are checked elsewhere.
    const c = await seedCompany(t.db);
    await enableAppointments(t, c.companyId);
    const [aService] = await seedServices(t, a.companyId, [30]);
    const [cService] = await seedServices(t, c.companyId, [30]);
    await seedShifts(t, c.companyId, c.admin.id);
    const at = dayInstant(dayFromNow(4), '10:00');
    const pub = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, payload, remoteAddress: '10.9.9.21' });
    const holdOn = (slug: string, service: number) => pub('POST', `/api/public/booking/${slug}/holds`, { services: [service], startsAt: at });
    // A's service named on C's page is not C's.
    expect((await holdOn(c.slug, aService!)).statusCode).toBe(422);
    const aHold = (await holdOn(a.slug, aService!)).json();
    expect((await holdOn(c.slug, cService!)).statusCode).toBe(201);
    // A's hold released or booked through C's page: nothing happens to it.
    expect((await pub('DELETE', `/api/public/booking/${c.slug}/holds/${aHold.token}`)).statusCode).toBe(204);
    const cross = await pub('POST', `/api/public/booking/${c.slug}/appointments`, {
      hold: aHold.token,
      consent: true,
      name: 'Intruder',
      phone: '+15559990088',
    });
    expect(cross.statusCode).toBe(409);
    // C's booking link on A's page is not found.
    const cCustomer = await createCustomer(c, '+15559990089');
    const cLink = await runInScope(t.db, { companyId: c.companyId }, (tx) =>
      createCustomerLink(tx, { companyId: c.companyId, customerId: cCustomer, purpose: 'booking', entity: 'customer', entityId: cCustomer }),
    );
    expect((await pub('GET', `/api/public/booking/${a.slug}?link=${cLink.code}`)).statusCode).toBe(404);
    expect((await pub('POST', `/api/public/booking/${a.slug}/appointments`, { hold: aHold.token, consent: true, link: cLink.code })).statusCode).toBe(404);
    // The hold is still A's and books on A's page, into A only.
    const booked = await pub('POST', `/api/public/booking/${a.slug}/appointments`, {
      hold: aHold.token,
      consent: true,
      name: 'Victim Booker',
      phone: '+15559990090',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const range = `from=${encodeURIComponent(dayInstant(dayFromNow(0), '00:00'))}&to=${encodeURIComponent(dayInstant(dayFromNow(30), '00:00'))}`;
    const intruder = (await login(t.app, c.admin.email)).token;
    const theirs = await t.app.inject({ method: 'GET', url: `/api/appointments?${range}`, headers: bearer(intruder) });
    expect(theirs.body).not.toContain('Victim');
    expect(theirs.body).not.toContain('+15559990090');
    const owner = (await login(t.app, a.admin.email)).token;
    const ours = await t.app.inject({ method: 'GET', url: `/api/appointments?${range}`, headers: bearer(owner) });
    expect(ours.json().member.map((m: { customerName: string }) => m.customerName)).toContain('Victim Booker');
    expect(ours.body).not.toContain('Intruder');
  });
});

describe('the dashboard and reminders, read by another company', () => {
  it('show nothing of company A to company B’s admin; A’s reminder stays as it was', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    const owner = (await login(t.app, a.admin.email)).token;
    for (const url of ['/api/dashboard', '/api/dashboard/stats', '/api/reminders', '/api/reminders?pagination=false', `/api/reminders?customer=${rows.customer}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(intruder) });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Victim');
      expect(res.body, url).not.toContain(a.agent.email);
    }
    const theirs = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(intruder) });
    expect(theirs.json().reminders).toEqual([]);
    // B cannot hang a reminder on A's customer.
    const sneak = await t.app.inject({
      method: 'POST',
      url: '/api/reminders',
      headers: bearer(intruder),
      payload: { text: 'Intruder', dueAt: new Date().toISOString(), customer: rows.customer },
    });
    expect(sneak.statusCode).toBe(422);
    const own = await t.app.inject({ method: 'GET', url: `/api/reminders/${rows.reminder}`, headers: bearer(owner) });
    expect(own.json()).toMatchObject({ text: 'Victim reminder', doneAt: null, customerId: rows.customer });
    const customer = await t.app.inject({ method: 'GET', url: `/api/customers/${rows.customer}`, headers: bearer(owner) });
    expect(customer.json().reminders).toEqual([{ id: rows.reminder, customerId: rows.customer }]);
  });
});

describe('analytics, asked by another company', () => {
  it('counts none of company A’s messages or agents for company B’s admin', async () => {
    // Companies of its own: the file's shared ones get messages from other tests (welcome texts, sends).
    const a = await seedCompany(t.db);
    const b = await seedCompany(t.db);
    const customer = await createCustomer(a, '+15559990077');
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`insert into messages (company_id, customer_id, user_id, direction, status, channel, sender, content, created_at)
        values (${a.companyId}, ${customer}, null, 'INBOUND', 'RECEIVED', 'sms', 'customer', 'Victim analytics', now() - interval '1 minute'),
               (${a.companyId}, ${customer}, ${a.agent.id}, 'OUTBOUND', 'SENT', 'sms', 'agent', 'Victim reply', now())`),
    );
    const intruder = (await login(t.app, b.admin.email)).token;
    const owner = (await login(t.app, a.admin.email)).token;
    const q = `period=last_7_days&userId[]=${a.agent.id}`;
    const theirs = await t.app.inject({ method: 'GET', url: `/api/analytics?${q}`, headers: bearer(intruder) });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().messages).toEqual({ inbound: 0, outboundHuman: 0, outboundAutomated: 0 });
    expect(theirs.json().perAgent).toEqual([]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/analytics/export.csv?${q}`, headers: bearer(intruder) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(a.agent.email.split('@')[0]!.split('.')[1]!);
    const ours = await t.app.inject({ method: 'GET', url: `/api/analytics?${q}`, headers: bearer(owner) });
    expect(ours.json().messages.inbound).toBeGreaterThanOrEqual(1);
    expect(ours.json().perAgent.map((x: { userId: number }) => x.userId)).toEqual([a.agent.id]);
  });
});

describe('the audit log, read by another company', () => {
  it('shows company B’s admin none of company A’s rows, and refuses naming company A', async () => {
    const a = await seedCompany(t.db);
    const b = await seedCompany(t.db);
    const owner = (await login(t.app, a.admin.email)).token;
    const intruder = (await login(t.app, b.admin.email)).token;
    const changed = await t.app.inject({ method: 'PUT', url: `/api/users/${a.agent.id}/roles`, headers: bearer(owner), payload: { roles: ['ROLE_USER', 'ROLE_OFFERS'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const q of ['', `?entityType=user&entityId=${a.agent.id}`, `?user=${a.admin.id}`, `?q=${encodeURIComponent(a.slug)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/audit_log${q}`, headers: bearer(intruder) });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().member.filter((m: { companyId: number }) => m.companyId !== b.companyId), q).toEqual([]);
      expect(JSON.stringify(res.json().member), q).not.toContain(a.slug);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/audit_log?company=${a.companyId}`, headers: bearer(intruder) })).statusCode).toBe(403);
    const ours = await t.app.inject({ method: 'GET', url: `/api/audit_log?entityType=user&entityId=${a.agent.id}`, headers: bearer(owner) });
    expect(ours.json().member.map((m: { action: string }) => m.action)).toEqual(['user.roles']);
  });
});

describe('public API keys, used against another company', () => {
  it("a key of B never reads A's records, and B's admin cannot revoke A's key", async () => {
    const adminB = (await login(t.app, b.admin.email)).token;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api_keys',
      headers: bearer(adminB),
      payload: { scopes: [{ area: 'messenger', access: 'write' }] },
    });
    const keyB = created.json().secret as string;
    for (const url of [`/api/customers/${rows.customer}`, `/api/repair_orders/${rows.repairOrder}`, `/api/api_keys/${rows.apiKey}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(keyB) });
      expect([403, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.body).not.toContain('Victim');
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(keyB) });
    expect(list.statusCode).toBe(200);
    // B's own customers are named Victim too: compare ids.
    expect(list.json().member.map((c: { id: number }) => c.id)).not.toContain(rows.customer);
    expect(list.json().member.map((c: { id: number }) => c.id)).toContain(rows.otherCustomer);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api_keys/${rows.apiKey}`, headers: bearer(adminB) })).statusCode).toBe(404);
    const adminA = (await login(t.app, a.admin.email)).token;
    const own = await t.app.inject({ method: 'GET', url: `/api/api_keys/${rows.apiKey}`, headers: bearer(adminA) });
    expect(own.json()).toMatchObject({ status: 'active', name: 'Victim key' });
  });
});

describe('suggested replies, asked by another company', () => {
  it('never suggests, counts or reports across companies', async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    // Its own customer, so the shared fixture customer keeps exactly the messages other tests expect.
    const { customer, inbound } = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const c = await tx.execute(sql`insert into customers (company_id, phone, first_name) values (${a.companyId}, '+15559990388', 'Asker') returning id`);
      const customerId = Number((c.rows[0] as { id: number }).id);
      const m = await tx.execute(
        sql`insert into messages (company_id, customer_id, direction, status, channel, sender, content) values (${a.companyId}, ${customerId}, 'INBOUND', 'RECEIVED', 'simulator', 'customer', 'Victim question') returning id`,
      );
      return { customer: customerId, inbound: Number((m.rows[0] as { id: number }).id) };
    });
    const suggest = await t.app.inject({ method: 'GET', url: `/api/customers/${customer}/suggested_replies`, headers: bearer(intruder) });
    expect(suggest.statusCode).toBe(404);
    const event = await t.app.inject({ method: 'POST', url: '/api/suggested_replies/events', headers: bearer(intruder), payload: { messageId: inbound, action: 'shown' } });
    expect(event.statusCode).toBe(404);
    const stats = await t.app.inject({ method: 'GET', url: '/api/suggested_replies/stats?days=1', headers: bearer(intruder) });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().totals.shown).toBe(0);
  });
});

describe('search, asked by another company', () => {
  it("never finds another company's messages, notes or customers", async () => {
    const intruder = (await login(t.app, b.admin.email)).token;
    const owner = (await login(t.app, a.admin.email)).token;
    for (const q of ['Secret victim message', 'Secret', 'Victim', 'vict', '5559990001', '999 0001']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: bearer(intruder) });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().member.filter((m: { customer: { id: number } }) => m.customer.id !== rows.otherCustomer), q).toEqual([]);
    }
    const ours = await t.app.inject({ method: 'GET', url: '/api/search?q=Secret%20victim&kind=message', headers: bearer(owner) });
    expect(ours.json().member.map((m: { id: number }) => m.id)).toEqual([rows.message]);
  });
});

describe('the unassigned queue, read by another company', () => {
  it("lists none of company A's unowned conversations to company B's agent or admin; plain users are refused", async () => {
    // Its own unowned customer, so the shared fixture customer stays as other tests expect.
    const unowned = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const c = await tx.execute(sql`insert into customers (company_id, phone, first_name, user_id) values (${a.companyId}, '+15559990421', 'Queued', null) returning id`);
      return Number((c.rows[0] as { id: number }).id);
    });
    for (const email of [b.agent.email, b.admin.email]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/routing/unassigned?itemsPerPage=100', headers: bearer((await login(t.app, email)).token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().member.map((c: { id: number }) => c.id)).not.toContain(unowned);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/api/routing/unassigned', headers: bearer((await login(t.app, a.user2.email)).token) });
    expect(plain.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: '/api/routing/unassigned?itemsPerPage=100', headers: bearer((await login(t.app, a.agent.email)).token) });
    expect(own.json().member.map((c: { id: number }) => c.id)).toContain(unowned);
  });
});

describe('website chat settings, across companies', () => {
  it('each company admin reads and changes only its own; a plain agent gets 403', async () => {
    // Fresh companies: their own widgets, nothing added to the shared fixtures.
    const a = await seedCompany(t.db);
    const b = await seedCompany(t.db);
    const ownerA = (await login(t.app, a.admin.email)).token;
    const ownerB = (await login(t.app, b.admin.email)).token;
    const agentA = (await login(t.app, a.agent.email)).token;
    const patch = (token: string, body: unknown) =>
      t.app.inject({ method: 'PATCH', url: '/api/webchat/settings', headers: { ...bearer(token), 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify(body) });
    expect((await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(agentA) })).statusCode).toBe(403);
    expect((await patch(agentA, { enabled: true })).statusCode).toBe(403);
    const mine = await patch(ownerA, { enabled: true, allowedOrigins: ['https://victim.example'], greeting: 'Victim greeting', welcomeMessage: 'Victim welcome' });
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(ownerB) });
    expect(theirs.json()).toMatchObject({ enabled: false, allowedOrigins: [], greeting: '', welcomeMessage: '' });
    expect(theirs.json().widgetKey).not.toBe(mine.json().widgetKey);
    expect(theirs.body).not.toContain('Victim');
    // B's change and key rotation touch B's row only.
    const changed = await patch(ownerB, { enabled: true, allowedOrigins: ['https://intruder.example'], greeting: 'Intruder', rotateKey: true });
    expect(changed.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: bearer(ownerA) })).json();
    expect(after).toMatchObject({ enabled: true, allowedOrigins: ['https://victim.example'], greeting: 'Victim greeting', widgetKey: mine.json().widgetKey });
  });
});
