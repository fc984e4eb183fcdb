import { z } from 'zod';
import { iriOf } from './ids';
import { ASSIGNABLE_ROLES, MODULES, ZModuleSchema, ZRoleSchema } from './roles';
import { ACCENT_COLOR_MESSAGE, isAccentColor, isValidPhone, isValidUrl, SLUG_RE, toE164 } from './validators';

const ZMediaObjectIriSchema = iriOf('media_objects', 'Must be a media object reference.');
const trimmed = (max = 255) => z.string().trim().max(max);
const optText = (max = 2000) => z.string().max(max).nullable().optional();

export const ZPhoneSchema = z
  .string()
  .trim()
  .refine(isValidPhone, { message: 'This phone number is not valid.' })
  .transform(toE164);
export const ZUrlSchema = z.string().trim().refine(isValidUrl, { message: 'This URL is not valid.' });

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm.');

export const ZIntervalSchema = z.strictObject({ startsAt: HHMM, endsAt: HHMM });
export const ZDayHoursSchema = z.strictObject({
  isOffDay: z.boolean(),
  intervals: z.array(ZIntervalSchema).max(12),
});
export const ZHoursSchema = z
  .strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, ZDayHoursSchema])) as Record<TWeekday, typeof ZDayHoursSchema>)
  .superRefine((hours, ctx) => {
    let workingDays = 0;
    for (const day of WEEKDAYS) {
      const h = hours[day];
      if (!h.isOffDay) workingDays++;
      const sorted = [...h.intervals].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      h.intervals.forEach((iv, i) => {
        if (iv.endsAt <= iv.startsAt)
          ctx.addIssue({ code: 'custom', path: [day, 'intervals', i, 'endsAt'], message: 'End cannot be before start.' });
      });
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.startsAt < sorted[i - 1]!.endsAt)
          ctx.addIssue({ code: 'custom', path: [day, 'intervals'], message: 'Shifts cannot overlap.' });
      }
    }
    if (workingDays === 0) ctx.addIssue({ code: 'custom', path: [], message: 'The company must have working days.' });
  });
export type THours = z.infer<typeof ZHoursSchema>;

export const ZModulesSchema = z.strictObject(
  Object.fromEntries(MODULES.map((m) => [m, z.boolean()])) as Record<(typeof MODULES)[number], z.ZodBoolean>,
);
export type TModules = z.infer<typeof ZModulesSchema>;

/** Blank (no colour) or an accent colour (validators.ts isAccentColor). */
const ZAccentColorSchema = z
  .string()
  .max(64)
  .refine((v) => v.trim() === '' || isAccentColor(v), ACCENT_COLOR_MESSAGE);

export const ZCustomerViewSchema = z.strictObject({
  accentColor: ZAccentColorSchema.nullable().optional(),
  termsOfService: ZUrlSchema.nullable().optional(),
  beforePhoneInputText: optText(),
  beforeNameInputText: optText(),
  submitPhoneNumberButtonText: optText(200),
  afterSubmitText: optText(),
  surveyQuestionText: optText(),
  surveySendButtonText: optText(200),
  surveyAfterPositiveResponseText: optText(),
  surveyAfterNegativeResponseText: optText(),
  surveyGoogleReviewLink: ZUrlSchema.nullable().optional(),
  surveyYelpReviewLink: ZUrlSchema.nullable().optional(),
  surveyFacebookReviewLink: ZUrlSchema.nullable().optional(),
});
export type TCustomerView = z.infer<typeof ZCustomerViewSchema>;

export const SURVEY_DAY_CHOICES = [0, 1, 2, 3, 5, 7, 10, 15] as const;
const ZQuestionSchema = z.strictObject({
  id: z.string().max(64),
  question: z.string().trim().min(1).max(500),
  answerType: z.enum(['choice', 'text']),
  answers: z.array(z.string().max(200)).max(20),
});
export const ZSurveySettingsSchema = z.strictObject({
  daysAfter: z.union(SURVEY_DAY_CHOICES.map((n) => z.literal(n))).optional(),
  sendAtHour: z.number().int().min(0).max(23).optional(),
  resendUncompletedDaysAfter: z.union(SURVEY_DAY_CHOICES.map((n) => z.literal(n))).optional(),
  text: optText(),
  resendText: optText(),
  negativeResponseNotificationEmails: z.array(z.email()).max(50).optional(),
  notifyRelatedUserAboutNegativeSurvey: z.boolean().optional(),
  negativeResponseQuestions: z.array(ZQuestionSchema).max(20).optional(),
  positiveResponseQuestions: z.array(ZQuestionSchema).max(20).optional(),
});
export type TSurveySettings = z.infer<typeof ZSurveySettingsSchema>;

export const ZRealEstateSettingsSchema = z.strictObject({
  beforePhoneInputText: optText(),
  submitPhoneNumberButtonText: optText(200),
  phoneNumberSubmittedText: optText(),
  beforeManualPropertyUrl: optText(),
  afterManualPropertyUrl: optText(),
  optInviteMessage: optText(),
  invalidPropertyRequestedMessage: optText(),
  genericUrlMessage: optText(),
  landingPageLeadMessage: optText(),
  propertyInterestMessage: optText(),
});

export const ZAutomotiveMessagesSchema = z.strictObject({
  repairOrderStatusUrl: optText(),
  repairOrderLineApproval: optText(),
  vehicleReady: optText(),
  vehicleReadyNotifyMinutesPriorToArrival: z.union([0, 15, 30, 45, 60].map((n) => z.literal(n))).optional(),
  vehicleReadyNotifyPriorToArrivalText: optText(),
  repairOrderStatusMessageHoursAfter: z.union([0, 6, 24, 48, 72].map((n) => z.literal(n))).optional(),
  repairOrderStatusUpdate: optText(),
  vehicleAppraisalAutomatedEnabled: z.boolean().optional(),
  vehicleAppraisalText: optText(),
  vehicleAppraisalCooldownDays: z.number().int().min(0).max(3650).optional(),
  vehicleAppraisalNotificationEmails: z.array(z.email()).max(50).optional(),
  vehicleAppraisalNotificationSms: z.array(ZPhoneSchema).max(50).optional(),
  statementOfAccountText: optText(),
});
export type TAutomotiveMessages = z.infer<typeof ZAutomotiveMessagesSchema>;

/** Secret fields: stored encrypted, never returned in clear (answers carry a mask). */
export const OCS_SECRET_FIELDS = [
  'viberToken',
  'whatsAppAccessToken',
  'whatsAppVerifyToken',
  'whatsAppAppSecret',
  'twilioAuthToken',
  'smsGatewayPassword',
  'smsGatewaySigningKey',
] as const;
export const PAYMENT_SECRET_FIELDS = ['apiSecret', 'apiKey', 'pin', 'webhookSignature', 'tokenizationSourceKey'] as const;
/** A masked secret reads like `••••••••1a2b`; sending a masked value back leaves the stored secret unchanged. */
export const SECRET_MASK = '••••••••';

export const ZOcsSchema = z.strictObject({
  safeMode: z.boolean().optional(),
  viberToken: optText(500),
  viberBotSlug: optText(200),
  viberBotPicture: optText(1000),
  viberOnConversationStartedButtonText: optText(200),
  viberOnConversationStartedMessage: optText(),
  viberOnConversationStartedBackgroundColor: optText(64),
  whatsAppAccessToken: optText(1000),
  whatsAppVerifyToken: optText(500),
  whatsAppPhoneNumberId: optText(100),
  whatsAppPhoneNumber: ZPhoneSchema.nullable().optional(),
  whatsAppTemplatesNamespace: optText(200),
  twilioAccountSID: optText(100),
  twilioAuthToken: optText(200),
  twilioPhoneNumber: ZPhoneSchema.nullable().optional(),
  twilioPhoneNumber2: ZPhoneSchema.nullable().optional(),
  smsNumber: ZPhoneSchema.nullable().optional(),
  smsIccid: optText(64),
  smsWhitelist: z.array(ZPhoneSchema).max(500).optional(),
  /** Meta app secret: verifies X-Hub-Signature-256 on WhatsApp webhooks. */
  whatsAppAppSecret: optText(500),
  /** Name of the approved template used to invite a customer back after the 24-hour window. */
  whatsAppInviteTemplateName: optText(200),
  whatsAppTemplateLanguage: optText(20),
  /** Local SIM gateway (SMS Gateway for Android, local mode): base URL, Basic credentials, webhook signing key. */
  smsGatewayUrl: ZUrlSchema.nullable().optional(),
  smsGatewayUsername: optText(200),
  smsGatewayPassword: optText(200),
  smsGatewaySigningKey: optText(500),
  /** Quiet hours for automated and group sends; may only be stricter than the 08:00–21:00 default. */
  quietHoursStart: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).nullable().optional(),
  quietHoursEnd: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).nullable().optional(),
});

export const ZDmsSchema = z.strictObject({
  dmsType: z.enum(['vendor_a', 'vendor_b']).nullable().optional(),
  enabled: z.boolean().optional(),
  dtCompanyNumber: optText(100),
  dtEnterpriseCode: optText(100),
  dtBlockedServiceWriters: z.array(z.string().max(100)).max(500).optional(),
  dtBlockedCustomerKeys: z.array(z.string().max(100)).max(500).optional(),
  cdkSubscriptionId: optText(200),
  sendApprovedRepairOrderLinesToDms: z.boolean().optional(),
});

export const ZTerminalSchema = z.strictObject({
  serial: z.string().trim().min(1).max(100),
  description: z.string().max(200).nullable().optional(),
  assignedTo: z.array(z.number().int().min(0)).max(500),
});
export const ZPaymentSchema = z.strictObject({
  provider: z.enum(['current', 'next']).nullable().optional(),
  enabled: z.boolean().optional(),
  mode: z.enum(['simple', 'advanced']).optional(),
  appKey: optText(500),
  apiSecret: optText(500),
  apiKey: optText(500),
  pin: optText(100),
  webhookSignature: optText(500),
  tokenizationSourceKey: optText(500),
  terminals: z.array(ZTerminalSchema).max(200).optional(),
  text: optText(),
  markAsExpiredAfterDays: z.number().int().min(1).max(3650).nullable().optional(),
});

export const ALERT_MINUTE_CHOICES = [0, 5, 10, 15, 20, 30] as const;
export const ZAlertsSchema = z.strictObject({
  alertUserIfMessageUnreadForMinutes: z.union(ALERT_MINUTE_CHOICES.map((n) => z.literal(n))).optional(),
});

export const ZAppointmentsSettingsSchema = z.strictObject({
  acceptNewAppointments: z.boolean().optional(),
  safeZone: z.number().int().min(0).max(1440).optional(),
  granularity: z.number().int().min(5).max(480).optional(),
  sendReminder: z.boolean().optional(),
  daysBefore: z.number().int().min(0).max(60).optional(),
  requestText: optText(),
  confirmationText: optText(),
  denialText: optText(),
  cancellationText: optText(),
  reminderText: optText(),
});
export type TAppointmentsSettings = z.infer<typeof ZAppointmentsSettingsSchema>;

export const WELCOME_STOP_PHRASE = 'text stop';
export function containsTextStop(value: string): boolean {
  return value.toLowerCase().includes(WELCOME_STOP_PHRASE);
}

/** Spec part 2 §4: the company's account status, shown as a label (how it changes is not specified: a super admin sets it). */
export const COMPANY_STATUSES = ['active', 'inactive', 'inactive_forwarding'] as const;
export type TCompanyStatus = (typeof COMPANY_STATUSES)[number];

const companyFields = {
  name: trimmed(200).min(1, 'name_is_required'),
  slug: trimmed(64).regex(SLUG_RE, 'Slug may hold lowercase letters, digits and dashes.'),
  enabled: z.boolean(),
  status: z.enum(COMPANY_STATUSES),
  country: z.string().length(2).toUpperCase(),
  timezone: z.string().min(1).max(64),
  language: z.enum(['en', 'bs', 'hr', 'sr']),
  email: z.union([z.email().trim().max(254), z.literal('')]).nullable(),
  address: trimmed(500).nullable(),
  phone: ZPhoneSchema.nullable(),
  defaultCustomerUser: iriOf('users').nullable(),
  /** The customer page's images: a media object uploaded for this company with the same entityField. */
  heroMobile: ZMediaObjectIriSchema.nullable(),
  logoMobile: ZMediaObjectIriSchema.nullable(),
  termsOfService: ZUrlSchema.nullable(),
  accentColor: ZAccentColorSchema.nullable(),
  dNSZoneName: z.string().max(253).nullable(),
  hours: ZHoursSchema,
  modules: ZModulesSchema.partial(),
  customerView: ZCustomerViewSchema,
  surveySettings: ZSurveySettingsSchema,
  realEstateSettings: ZRealEstateSettingsSchema,
  automotiveMessages: ZAutomotiveMessagesSchema,
  ocs: ZOcsSchema,
  dms: ZDmsSchema,
  payment: ZPaymentSchema,
  alerts: ZAlertsSchema,
  appointmentsSettings: ZAppointmentsSettingsSchema,
  availableUserRoles: z.array(z.enum(ASSIGNABLE_ROLES as [string, ...string[]])).max(20),
  welcomeMessage: z.string().max(1600).nullable(),
  welcomeMessageEnabled: z.boolean(),
};

/** Merge-patch body of PATCH /api/companies/{id}: changed fields only; nested groups merge (the merged result
 * is validated again by the service, e.g. hours must keep a working day). */
export const ZCompanyPatchSchema = z
  .strictObject(companyFields)
  .partial()
  .extend({
    hours: z
      .strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, ZDayHoursSchema])) as Record<TWeekday, typeof ZDayHoursSchema>)
      .partial()
      .optional(),
    dms: ZDmsSchema.nullable().optional(),
    payment: ZPaymentSchema.nullable().optional(),
  })
  .superRefine((c, ctx) => {
    if (typeof c.welcomeMessage === 'string' && c.welcomeMessage.trim() !== '' && !containsTextStop(c.welcomeMessage))
      ctx.addIssue({ code: 'custom', path: ['welcomeMessage'], message: 'welcome_message_should_contain_text_stop' });
  });
export type TCompanyPatch = z.infer<typeof ZCompanyPatchSchema>;

export const ZCompanyCreateSchema = z.strictObject({
  name: companyFields.name,
  slug: companyFields.slug,
  country: companyFields.country.optional(),
  timezone: companyFields.timezone.optional(),
  language: companyFields.language.optional(),
  email: companyFields.email.optional(),
  address: companyFields.address.optional(),
  phone: companyFields.phone.optional(),
  modules: ZModulesSchema.partial().optional(),
});
export type TCompanyCreate = z.infer<typeof ZCompanyCreateSchema>;

export const ZToggleModuleSchema = z.strictObject({ module: ZModuleSchema, toggle: z.boolean() });
export type TToggleModule = z.infer<typeof ZToggleModuleSchema>;

/** A stored image as a company answers it: its IRI, id and a signed, relative URL. */
export const ZMediaRefSchema = z.object({ '@id': z.string(), id: z.number().int(), contentUrl: z.string() });
export type TMediaRef = z.infer<typeof ZMediaRefSchema>;

/** A company as the API answers it (secrets masked, IRIs and ISO dates as strings). */
export const ZCompanySchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Company'),
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    enabled: z.boolean(),
    status: z.enum(COMPANY_STATUSES),
    country: z.string(),
    timezone: z.string(),
    language: z.enum(['en', 'bs', 'hr', 'sr']),
    email: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    defaultCustomerUser: z.string().nullable(),
    mainLogo: ZMediaRefSchema.nullable(),
    heroMobile: ZMediaRefSchema.nullable(),
    logoMobile: ZMediaRefSchema.nullable(),
    termsOfService: z.string().nullable(),
    accentColor: z.string().nullable(),
    dNSZoneName: z.string().nullable(),
    hours: ZHoursSchema,
    modules: ZModulesSchema,
    customerView: ZCustomerViewSchema,
    surveySettings: ZSurveySettingsSchema,
    realEstateSettings: ZRealEstateSettingsSchema,
    automotiveMessages: ZAutomotiveMessagesSchema,
    ocs: ZOcsSchema,
    dms: ZDmsSchema.nullable(),
    payment: ZPaymentSchema.nullable(),
    alerts: ZAlertsSchema,
    appointmentsSettings: ZAppointmentsSettingsSchema,
    availableUserRoles: z.array(z.string()),
    welcomeMessage: z.string().nullable(),
    welcomeMessageEnabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Company' });
export type TCompany = z.infer<typeof ZCompanySchema>;

export const DEFAULT_HOURS: THours = Object.fromEntries(
  WEEKDAYS.map((d) => [
    d,
    d === 'sunday'
      ? { isOffDay: true, intervals: [] }
      : { isOffDay: false, intervals: [{ startsAt: '13:00', endsAt: '22:00' }] },
  ]),
) as THours;

export const DEFAULT_MODULES: TModules = {
  communication: true,
  appointments: false,
  internalChat: true,
  offers: false,
  realEstate: false,
  automotive: false,
  questionnaire: false,
};

/**
 * The modules a user works with (spec part 2 §6): their company's; without a company, all on for a super admin
 * and all off for anyone else. Modules the company never stored count as off.
 */
export function effectiveModules(opts: { roles: readonly string[]; companyModules: Partial<Record<string, boolean>> | null }): TModules {
  const all = (on: boolean) => Object.fromEntries(MODULES.map((m) => [m, on])) as TModules;
  if (opts.companyModules === null) return all(opts.roles.includes('ROLE_SUPER_ADMIN'));
  return Object.fromEntries(MODULES.map((m) => [m, opts.companyModules?.[m] === true])) as TModules;
}

export { ZRoleSchema };
