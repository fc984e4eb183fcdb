import { hash } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import { defaultCompanySettings } from '../modules/companies/companies.defaults';
import { companies } from '../modules/companies/companies.schema';
import { companyServices } from '../modules/company-services/company-services.schema';
import { users } from '../modules/users/users.schema';
import { runInScope, type TDatabase } from '../db/client';
import { seedDemoConversations } from './seed-conversations';
import { seedDemoRepairOrders } from './seed-repair-orders';
import { seedDemoSurveys } from './seed-surveys';
import { seedDemoAppointments } from './seed-appointments';
import { seedDemoAccounting } from './seed-accounting';
import { seedDemoParts } from './seed-parts';
import { seedDemoPayments } from './seed-payments';
import { seedRealEstate } from './seed-real-estate';
import { seedDemoLeads } from './seed-leads';
import { seedDemoReminders } from './seed-reminders';
import { seedDemoOffers } from './seed-offers';
import { seedDemoReports } from './seed-reports';
import { rebuildAllRollups } from '../modules/analytics/analytics.api';
import { seedDemoHistory } from './seed-history';
import { seedDemoWebhookLog } from './seed-webhook-log';
import { seedDemoApiLog } from './seed-api-log';
import { seedDemoRouting } from './seed-issue21-routing';
import { seedDemoIntegrations } from './seed-issue21-integrations';

export const DEMO_PASSWORD = 'Demo1234';

export const DEMO_SIGN_INS = [
  { email: 'superadmin@example.com', label: 'super admin (no company)' },
  { email: 'admin@motors.example.com', label: 'company admin, Demo Motors (automotive)' },
  { email: 'agent@motors.example.com', label: 'agent, Demo Motors (communication, internal chat, appointments)' },
  { email: 'admin@realty.example.com', label: 'company admin, Demo Realty (real estate)' },
  { email: 'agent@realty.example.com', label: 'agent, Demo Realty (real estate, offers: listings, keywords picker)' },
] as const;

type TSeedUser = {
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  phone?: string;
  mechanic?: boolean;
  advisor?: boolean;
  department?: string;
};

const MOTORS_USERS: TSeedUser[] = [
  {
    email: 'admin@motors.example.com',
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '+15555550101',
    roles: [
      'ROLE_USER',
      'ROLE_COMPANY_ADMIN',
      'ROLE_COMMUNICATION',
      'ROLE_INTERNAL_CHAT',
      'ROLE_APPOINTMENTS',
      'ROLE_AUTO_PARTS_SALES',
      'ROLE_AUTO_ACCOUNTING',
      'ROLE_PAYMENT',
      'ROLE_MARKETING',
    ],
  },
  {
    email: 'agent@motors.example.com',
    firstName: 'Alex',
    lastName: 'Carter',
    phone: '+15555550102',
    roles: ['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_INTERNAL_CHAT', 'ROLE_APPOINTMENTS'],
    advisor: true,
    department: 'Service',
  },
  {
    email: 'tech@motors.example.com',
    firstName: 'Sam',
    lastName: 'Nguyen',
    roles: ['ROLE_USER', 'ROLE_INTERNAL_CHAT'],
    mechanic: true,
    department: 'Workshop',
  },
  {
    email: 'parts@motors.example.com',
    firstName: 'Jordan',
    lastName: 'Price',
    roles: ['ROLE_USER', 'ROLE_AUTO_PARTS_SALES', 'ROLE_AUTO_ACCOUNTING'],
    department: 'Parts',
  },
  {
    email: 'scheduler@motors.example.com',
    firstName: 'Taylor',
    lastName: 'Brooks',
    roles: ['ROLE_USER', 'ROLE_APPOINTMENTS'],
    department: 'Front desk',
  },
];

const REALTY_USERS: TSeedUser[] = [
  {
    email: 'admin@realty.example.com',
    firstName: 'Robert',
    lastName: 'Kim',
    phone: '+15555550201',
    roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN', 'ROLE_COMMUNICATION', 'ROLE_INTERNAL_CHAT', 'ROLE_REAL_ESTATE', 'ROLE_OFFERS'],
  },
  {
    email: 'agent@realty.example.com',
    firstName: 'Emma',
    lastName: 'Wilson',
    roles: ['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_REAL_ESTATE', 'ROLE_OFFERS'],
  },
  {
    email: 'marketing@realty.example.com',
    firstName: 'Olivia',
    lastName: 'Martin',
    roles: ['ROLE_USER', 'ROLE_MARKETING', 'ROLE_INTERNAL_CHAT'],
  },
];

/** Demo Motors' service catalogue (prices in cents). */
const MOTORS_SERVICES = [
  { title: 'Oil and filter change', description: 'Synthetic blend oil, new filter, fluid top-up.', durationMinutes: 30, priceCents: 4999 },
  { title: 'Brake inspection', description: 'Pads, rotors and brake fluid checked.', durationMinutes: 45, priceCents: 0 },
  { title: 'Tire rotation', description: '', durationMinutes: 30, priceCents: 2500 },
  { title: 'Four-wheel alignment', description: 'Computerised alignment with a printed report.', durationMinutes: 60, priceCents: 11995 },
];

/**
 * Demo data for a first start: two companies, their users and a super admin. Skipped when any company exists.
 * `encryptionKey` (the deployment's) lets the demo webhook endpoint hold a signing secret it can reveal; without it
 * that endpoint is left out.
 */
export async function seedDemoData(opts: { db: TDatabase; publicUrl?: string; encryptionKey?: Buffer }): Promise<boolean> {
  const seeded = await runInScope(opts.db, { companyId: null, system: true }, async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(companies);
    if (Number(existing?.n) > 0) return false;
    const passwordHash = await hash(DEMO_PASSWORD);
    const [motors] = await tx
      .insert(companies)
      .values({
        ...defaultCompanySettings({ automotive: true, appointments: true, questionnaire: true }),
        country: 'US',
        language: 'en',
        name: 'Demo Motors',
        slug: 'demo-motors',
        timezone: 'America/Chicago',
        email: 'service@motors.example.com',
        phone: '+15555550100',
        address: '1200 Main Street, Springfield, IL 62701',
        welcomeMessage: 'Thanks for contacting Demo Motors! Reply here any time. Text STOP to opt out.',
        welcomeMessageEnabled: true,
      })
      .returning();
    const [realty] = await tx
      .insert(companies)
      .values({
        ...defaultCompanySettings({ realEstate: true, offers: true, questionnaire: true }),
        country: 'US',
        language: 'en',
        name: 'Demo Realty',
        slug: 'demo-realty',
        timezone: 'America/Los_Angeles',
        email: 'hello@realty.example.com',
        phone: '+15555550200',
        address: '88 Ocean Avenue, Santa Monica, CA 90401',
        // The keyword auto-replies and the landing page /l/demo-realty (docs/leads.md).
        realEstateSettings: {
          beforePhoneInputText: 'Leave your mobile number and an agent will text you about the home.',
          phoneNumberSubmittedText: 'Thanks! An agent will text you shortly.',
          optInviteMessage:
            'Yes, text me new listings and offers from Demo Realty. Consent is not a condition of purchase. Msg & data rates may apply. Reply STOP to opt out.',
          propertyInterestMessage:
            'Thanks for asking about {listing_name} ({listing_price}). Details and photos: {listing_url} — {agent_name} will text you shortly.',
          genericUrlMessage: 'Thanks for your interest in {listing_name}! {agent_name} will text you shortly.',
          invalidPropertyRequestedMessage: 'We could not find a property with that code. Check the sign and text the code again.',
          landingPageLeadMessage: 'Thanks for contacting {company_name}! An agent will text you shortly. Reply STOP to opt out.',
        },
      })
      .returning();
    const rows = [
      ...MOTORS_USERS.map((u) => ({ ...u, companyId: motors!.id })),
      ...REALTY_USERS.map((u) => ({ ...u, companyId: realty!.id })),
      { email: 'superadmin@example.com', firstName: 'Sofia', lastName: 'Admin', roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'], companyId: null },
    ];
    await tx.insert(users).values(
      rows.map((u) => ({
        companyId: u.companyId,
        email: u.email,
        passwordHash,
        firstName: u.firstName,
        lastName: u.lastName,
        phone: 'phone' in u ? (u.phone ?? null) : null,
        roles: u.roles,
        mechanic: 'mechanic' in u ? (u.mechanic ?? false) : false,
        advisor: 'advisor' in u ? (u.advisor ?? false) : false,
        department: 'department' in u ? (u.department ?? null) : null,
        dms: {},
      })),
    );
    await tx.insert(companyServices).values(MOTORS_SERVICES.map((svc) => ({ ...svc, companyId: motors!.id })));
    await seedDemoConversations(tx, { motorsId: motors!.id, realtyId: realty!.id });
    const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
    await seedDemoRepairOrders(tx, { motorsId: motors!.id, publicUrl });
    await seedDemoSurveys(tx, { motorsId: motors!.id, publicUrl });
    await seedDemoAppointments(tx, { motorsId: motors!.id, timeZone: motors!.timezone });
    await seedDemoAccounting(tx, { motorsId: motors!.id });
    await seedDemoParts(tx, { motorsId: motors!.id });
    await seedDemoPayments(tx, { motorsId: motors!.id, publicUrl });
    await seedRealEstate(tx, { realtyId: realty!.id });
    await seedDemoOffers(tx, { realtyId: realty!.id });
    await seedDemoLeads(tx, { realtyId: realty!.id });
    await seedDemoHistory(tx, { motorsId: motors!.id });
    await seedDemoReminders(tx, { motorsId: motors!.id });
    await seedDemoReports(tx, { motorsId: motors!.id, timeZone: motors!.timezone, country: motors!.country });
    await seedDemoWebhookLog(tx, { motorsId: motors!.id, motorsSlug: motors!.slug, motorsPhone: motors!.phone ?? '+15555550100' });
    await seedDemoApiLog(tx, { motorsId: motors!.id, motorsPhone: motors!.phone ?? '+15555550100' });
    // Issue 21 after the logs above, which read the latest texts as SMS traffic (the website chat is not SMS).
    await seedDemoRouting(tx, { motorsId: motors!.id, timeZone: motors!.timezone });
    await seedDemoIntegrations(tx, { motorsId: motors!.id, publicUrl, encryptionKey: opts.encryptionKey });
    return true;
  });
  // The analytics rollups of the demo history, so /analytics and the dashboard open with figures (docs/metrics.md).
  if (seeded) await rebuildAllRollups({ db: opts.db });
  return seeded;
}
