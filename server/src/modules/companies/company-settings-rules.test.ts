import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { companies } from './companies.schema';
import { patchCompany, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let motors: TSeededCompany;
let plain: TSeededCompany;
let adminTok: string;
let agentTok: string;
let plainAdminTok: string;
let rootTok: string;

const patch = (id: number, token: string, body: unknown) => patchCompany(t.app, { id, token, body });
const violationsOf = (res: { json: () => { violations?: { propertyPath: string; message: string }[] } }) =>
  (res.json().violations ?? []).map((v) => ({ propertyPath: v.propertyPath, message: v.message }));

beforeAll(async () => {
  t = await createTestApp();
  motors = await seedCompany(t.db, { modules: { automotive: true, appointments: true } });
  plain = await seedCompany(t.db);
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  adminTok = (await login(t.app, motors.admin.email)).token;
  agentTok = (await login(t.app, motors.agent.email)).token;
  plainAdminTok = (await login(t.app, plain.admin.email)).token;
});
afterAll(() => t.close());

describe('automated text modifiers', () => {
  const cases: [group: string, key: string, good: string, missing: string][] = [
    ['payment', 'text', 'Pay here: {payment_url}', '{payment_url}'],
    ['surveySettings', 'text', 'How did we do? {survey_url}', '{survey_url}'],
    ['surveySettings', 'resendText', 'Reminder: {survey_url}', '{survey_url}'],
    ['automotiveMessages', 'repairOrderStatusUrl', 'Status: {status_url}', '{status_url}'],
    ['automotiveMessages', 'repairOrderStatusUpdate', 'Update: {status_url}', '{status_url}'],
    ['automotiveMessages', 'repairOrderLineApproval', 'Approve: {approval_url}', '{approval_url}'],
  ];
  for (const [group, key, good] of cases) {
    it(`${group}.${key} must carry its modifier`, async () => {
      const bad = await patch(motors.companyId, adminTok, { [group]: { [key]: 'A text without the link' } });
      expect(bad.statusCode).toBe(422);
      expect(violationsOf(bad)).toEqual([{ propertyPath: `${group}.${key}`, message: 'text_must_contain_modifier' }]);
      const ok = await patch(motors.companyId, adminTok, { [group]: { [key]: good } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()[group][key]).toBe(good);
    });
  }

  it('the prior-to-arrival text needs both {minutes} and {vehicle_ready_url}', async () => {
    const path = 'automotiveMessages.vehicleReadyNotifyPriorToArrivalText';
    for (const text of ['Ready in {minutes} minutes', 'Ready: {vehicle_ready_url}']) {
      const bad = await patch(motors.companyId, adminTok, { automotiveMessages: { vehicleReadyNotifyPriorToArrivalText: text } });
      expect(violationsOf(bad)).toEqual([{ propertyPath: path, message: 'text_must_contain_modifier' }]);
    }
    const ok = await patch(motors.companyId, adminTok, {
      automotiveMessages: { vehicleReadyNotifyPriorToArrivalText: 'Ready in {minutes} minutes: {vehicle_ready_url}', vehicleReadyNotifyMinutesPriorToArrival: 30 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('rejects unknown or misspelt modifiers and accepts the optional ones', async () => {
    const misspelt = await patch(motors.companyId, adminTok, { automotiveMessages: { repairOrderLineApproval: 'Approve: {Approval_URL}' } });
    expect(violationsOf(misspelt)).toEqual([{ propertyPath: 'automotiveMessages.repairOrderLineApproval', message: 'text_has_unknown_modifier' }]);
    const unknown = await patch(motors.companyId, adminTok, { automotiveMessages: { vehicleReady: 'Hi {first_name}, ready!' } });
    expect(violationsOf(unknown)).toEqual([{ propertyPath: 'automotiveMessages.vehicleReady', message: 'text_has_unknown_modifier' }]);
    const optional = await patch(motors.companyId, adminTok, { automotiveMessages: { vehicleReady: 'Hi {customer_name}, {company_name} has your car ready.' } });
    expect(optional.statusCode, optional.body).toBe(200);
    const appt = await patch(motors.companyId, adminTok, { appointmentsSettings: { reminderText: 'See you {appointment_time}.' } });
    expect(appt.statusCode, appt.body).toBe(200);
  });

  it('empties a text freely and checks only the texts the patch touches', async () => {
    expect((await patch(motors.companyId, adminTok, { payment: { text: '' } })).statusCode).toBe(200);
    expect((await patch(motors.companyId, adminTok, { payment: { text: null } })).statusCode).toBe(200);
    // A stored text that predates a rule does not block an unrelated change in the same group.
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.update(companies).set({ surveySettings: { daysAfter: 0, sendAtHour: 9, text: 'Legacy text without a link' } }).where(eq(companies.id, motors.companyId)),
    );
    const unrelated = await patch(motors.companyId, adminTok, { surveySettings: { sendAtHour: 10 } });
    expect(unrelated.statusCode, unrelated.body).toBe(200);
    const touched = await patch(motors.companyId, adminTok, { surveySettings: { text: 'Still no link' } });
    expect(violationsOf(touched)).toEqual([{ propertyPath: 'surveySettings.text', message: 'text_must_contain_modifier' }]);
  });
});

describe('settings tabs: gates and roles', () => {
  it('gates module groups: automotive, real estate and appointments texts need their module', async () => {
    const auto = await patch(plain.companyId, plainAdminTok, { automotiveMessages: { vehicleReady: 'Ready!' } });
    expect(auto.statusCode).toBe(422);
    expect(violationsOf(auto)[0]!.propertyPath).toBe('automotiveMessages');
    const realty = await patch(motors.companyId, adminTok, { realEstateSettings: { optInviteMessage: 'Join us' } });
    expect(violationsOf(realty)[0]!.propertyPath).toBe('realEstateSettings');
    const appt = await patch(plain.companyId, plainAdminTok, { appointmentsSettings: { acceptNewAppointments: true } });
    expect(violationsOf(appt)[0]!.propertyPath).toBe('appointmentsSettings');
  });

  it('saves alerts, appointments and the welcome message for a company admin', async () => {
    const alerts = await patch(motors.companyId, adminTok, { alerts: { alertUserIfMessageUnreadForMinutes: 15 } });
    expect(alerts.json().alerts.alertUserIfMessageUnreadForMinutes).toBe(15);
    expect((await patch(motors.companyId, adminTok, { alerts: { alertUserIfMessageUnreadForMinutes: 7 } })).statusCode).toBe(422);
    const appt = await patch(motors.companyId, adminTok, {
      appointmentsSettings: { acceptNewAppointments: true, safeZone: 60, granularity: 30, sendReminder: true, daysBefore: 1 },
    });
    expect(appt.json().appointmentsSettings).toMatchObject({ safeZone: 60, granularity: 30, daysBefore: 1 });
    const welcome = await patch(motors.companyId, adminTok, { welcomeMessage: 'No opt-out here', welcomeMessageEnabled: true });
    expect(violationsOf(welcome)).toContainEqual({ propertyPath: 'welcomeMessage', message: 'welcome_message_should_contain_text_stop' });
  });

  it('agents may not change any of these settings; super admins may', async () => {
    for (const body of [
      { welcomeMessage: 'Hi! Text STOP to opt out.' },
      { alerts: { alertUserIfMessageUnreadForMinutes: 5 } },
      { automotiveMessages: { vehicleReady: 'Ready!' } },
      { appointmentsSettings: { granularity: 15 } },
    ])
      expect((await patch(motors.companyId, agentTok, body)).statusCode, JSON.stringify(body)).toBe(403);
    expect((await patch(motors.companyId, rootTok, { automotiveMessages: { vehicleReady: 'Ready!' } })).statusCode).toBe(200);
  });

  it('another company admin cannot touch these settings', async () => {
    expect((await patch(motors.companyId, plainAdminTok, { alerts: { alertUserIfMessageUnreadForMinutes: 5 } })).statusCode).toBe(404);
  });
});
