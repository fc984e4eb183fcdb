import { z } from 'zod';
import { idRefOf, iriOf } from './ids';
import { ASSIGNABLE_ROLES, ZAwayStatusSchema } from './roles';
import { ZModulesSchema, ZPhoneSchema } from './company';
import { isValidPhone, isValidProfilePassword } from './validators';

export const ZPasswordSchema = z
  .string()
  .max(1024)
  .refine(isValidProfilePassword, {
    message: 'Password must be at least 8 characters with at least one number and one uppercase letter.',
  });

export const ZNotificationSettingsSchema = z.strictObject({
  email: z.boolean(),
  emailRecipients: z.array(z.email()).max(20),
  sms: z.boolean(),
  smsRecipients: z.array(ZPhoneSchema).max(20),
  push: z.boolean(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettingsSchema>;

export const ZAwayStateSchema = z.strictObject({
  status: ZAwayStatusSchema,
  backAt: z.iso.datetime({ offset: true }).nullable().optional(),
  awayText: z.string().max(1600).nullable().optional(),
  transferToUserId: idRefOf('users').nullable().optional(),
});
export type TAwayState = z.infer<typeof ZAwayStateSchema>;
/** What a client sends: the colleague may travel as a string id (spec part 1 §5). */
export type TAwayStateInput = z.input<typeof ZAwayStateSchema>;

export const ZWebPushSubscriptionSchema = z.strictObject({
  endpoint: z.url().max(2000),
  key: z.string().max(500),
  token: z.string().max(500),
});

const assignableRole = z.enum(ASSIGNABLE_ROLES as [string, ...string[]]);

const userFields = {
  firstName: z.string().trim().min(1, 'First name is required.').max(100),
  lastName: z.string().trim().max(100),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Email must contain an at-sign and a domain.')),
  phone: ZPhoneSchema.nullable(),
  mechanic: z.boolean(),
  advisor: z.boolean(),
  department: z.string().trim().max(100).nullable(),
  dms: z.strictObject({
    dtPersonId: z.string().max(100).nullable().optional(),
    cdkServiceAdvisorId: z.string().max(100).nullable().optional(),
  }),
};

const notBoth = (u: { mechanic?: boolean; advisor?: boolean }, ctx: z.RefinementCtx) => {
  if (u.mechanic && u.advisor)
    ctx.addIssue({ code: 'custom', path: ['advisor'], message: 'A user cannot be both mechanic and advisor.' });
};

export const ZUserCreateSchema = z
  .strictObject({
    ...userFields,
    lastName: userFields.lastName.optional().default(''),
    phone: userFields.phone.optional(),
    mechanic: userFields.mechanic.optional(),
    advisor: userFields.advisor.optional(),
    department: userFields.department.optional(),
    dms: userFields.dms.optional(),
    password: ZPasswordSchema,
    confirmPassword: z.string().max(1024).optional(),
    roles: z.array(assignableRole).max(20).optional(),
    /** IRI `/api/companies/{id}`; super admins must give it, company admins may omit it. */
    company: iriOf('companies').optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((u, ctx) => {
    notBoth(u, ctx);
    if (u.confirmPassword !== undefined && u.confirmPassword !== u.password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords_do_not_match' });
  });
export type TUserCreate = z.infer<typeof ZUserCreateSchema>;

export const ZUserPatchSchema = z
  .strictObject({
    ...userFields,
    password: ZPasswordSchema,
    notificationSettings: ZNotificationSettingsSchema.partial(),
    awayState: ZAwayStateSchema,
    webPushSubscriptions: z.array(ZWebPushSubscriptionSchema).max(20),
    theme: z.enum(['system', 'light', 'dark']),
    language: z.enum(['en', 'bs', 'hr', 'sr']),
  })
  .partial()
  .superRefine(notBoth);
export type TUserPatch = z.infer<typeof ZUserPatchSchema>;
/** The PATCH body as a client writes it (ids may travel as strings or IRIs). */
export type TUserPatchInput = z.input<typeof ZUserPatchSchema>;

export const ZUserRolesSchema = z.strictObject({ roles: z.array(assignableRole).max(20) });
export const ZChangePasswordSchema = z.strictObject({ password: ZPasswordSchema });
export const ZUserEnabledSchema = z.strictObject({ enabled: z.boolean() });

/** A user as the API answers it (wire format: IRIs and ISO dates as strings). */
export const ZUserSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('User'),
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    roles: z.array(z.string()),
    /** `/api/companies/{id}`; null for super admins. */
    company: z.string().nullable(),
    enabled: z.boolean(),
    mechanic: z.boolean(),
    advisor: z.boolean(),
    department: z.string().nullable(),
    dms: z.object({ dtPersonId: z.string().nullable().optional(), cdkServiceAdvisorId: z.string().nullable().optional() }),
    awayState: z.object({
      status: ZAwayStatusSchema,
      backAt: z.string().nullable(),
      awayText: z.string().nullable(),
      transferToUserId: z.number().int().nullable(),
    }),
    notificationSettings: z.object({
      email: z.boolean(),
      emailRecipients: z.array(z.string()),
      sms: z.boolean(),
      smsRecipients: z.array(z.string()),
      push: z.boolean(),
    }),
    theme: z.enum(['system', 'light', 'dark']),
    language: z.enum(['en', 'bs', 'hr', 'sr']),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUserSchema>;

/** GET /api/me: the effective user plus the shell's view of their company and who is really signed in. */
export const ZMeSchema = ZUserSchema.extend({
  companyData: z
    .object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      phone: z.string().nullable(),
      enabled: z.boolean(),
      mainLogo: z.object({ contentUrl: z.string() }).nullable(),
      welcomeMessage: z.string().nullable(),
      modules: z.record(z.string(), z.boolean()),
      automotiveMessages: z.object({ vehicleReady: z.string().nullable().optional(), repairOrderStatusUrl: z.string().nullable().optional() }),
      surveySettings: z.object({ text: z.string().nullable().optional() }),
      ocs: z.object({ twilioPhoneNumber: z.string().nullable().optional(), safeMode: z.boolean().optional() }),
      /** Channels the company can send through now, best first (the composer's default when the customer has no preference). */
      channels: z.array(z.string()),
    })
    .nullable(),
  /** The modules this user works with: the company's, or without a company all on for super admins, all off otherwise. */
  modules: ZModulesSchema,
  /** Present while impersonating: the real signed-in user (their roles decide whom they may impersonate). */
  impersonator: z
    .object({
      id: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      roles: z.array(z.string()),
      companyName: z.string().nullable(),
    })
    .nullable(),
}).meta({ id: 'Me' });
export type TMe = z.infer<typeof ZMeSchema>;

/** A colleague as pickers list them (GET /api/users/colleagues). */
export const ZColleagueSchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
});
export type TColleague = z.infer<typeof ZColleagueSchema>;

/** A member of GET /api/roles: a role and whether the caller may hand it out in their company. */
export const ZRoleOptionSchema = z.object({ '@id': z.string(), id: z.string(), name: z.string(), assignable: z.boolean() });
export type TRoleOption = z.infer<typeof ZRoleOptionSchema>;

/** Be-back-in choices of the status dialog (spec part 1 §4, §9): minutes, or -1 for "unspecified" (no return time). */
export const BE_BACK_IN_MINUTES = [5, 10, 15, 30, 60] as const;
export const BE_BACK_UNSPECIFIED = -1;
export const BE_BACK_IN_OPTIONS = [...BE_BACK_IN_MINUTES, BE_BACK_UNSPECIFIED] as const;

/**
 * The status dialog's form (spec part 1 §5). Select and picker values are strings ('' = nothing chosen); messages
 * are catalogue keys. Be-back-in is required when not ONLINE, AWAY needs a text, AWAY_WITH_TRANSFER a colleague.
 */
export const ZStatusFormSchema = z
  .object({
    status: ZAwayStatusSchema,
    beBackIn: z.enum(['', ...BE_BACK_IN_OPTIONS.map(String)] as [string, ...string[]]),
    awayText: z.string().max(1600, 'value_too_long'),
    transferToUserId: z.string().regex(/^\d*$/),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'ONLINE') return;
    if (v.beBackIn === '') ctx.addIssue({ code: 'custom', path: ['beBackIn'], message: 'field_required' });
    if (v.status === 'AWAY' && !v.awayText.trim()) ctx.addIssue({ code: 'custom', path: ['awayText'], message: 'field_required' });
    if (v.status === 'AWAY_WITH_TRANSFER' && !v.transferToUserId)
      ctx.addIssue({ code: 'custom', path: ['transferToUserId'], message: 'field_required' });
  });
export type TStatusForm = z.infer<typeof ZStatusFormSchema>;

/** Comma-separated recipient list → trimmed, non-empty entries (spec part 1 §5). */
export function splitRecipients(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const isEmail = (s: string) => z.email().safeParse(s).success;

/** Entries of a recipient list that are not valid e-mail addresses / phone numbers. */
export function invalidRecipients(text: string, kind: 'email' | 'sms'): string[] {
  return splitRecipients(text).filter((r) => !(kind === 'email' ? isEmail(r) : isValidPhone(r)));
}

export const MAX_NOTIFICATION_RECIPIENTS = 20;

/**
 * The "My profile" form (spec part 1 §5): one full-name field, optional password section (checked only when it is
 * open and something was typed), recipient lists checked only while their toggle is on. Messages are catalogue keys.
 */
export const ZProfileFormSchema = z
  .object({
    fullName: z.string().trim().min(1, 'field_required').max(201, 'value_too_long'),
    email: z.string().trim().max(254, 'value_too_long').pipe(z.email('email_invalid')),
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || isValidPhone(v), 'phone_invalid'),
    changePassword: z.boolean(),
    password: z.string().max(1024, 'value_too_long'),
    confirmPassword: z.string().max(1024, 'value_too_long'),
    theme: z.enum(['system', 'light', 'dark']),
    notifyEmail: z.boolean(),
    emailRecipients: z.string().max(5000, 'value_too_long'),
    notifySms: z.boolean(),
    smsRecipients: z.string().max(5000, 'value_too_long'),
    notifyPush: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const [first, last] = splitFullName(v.fullName);
    if (first.length > 100 || last.length > 100)
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: 'value_too_long' });
    if (v.changePassword && (v.password !== '' || v.confirmPassword !== '')) {
      if (!isValidProfilePassword(v.password)) ctx.addIssue({ code: 'custom', path: ['password'], message: 'profile_password_rules' });
      else if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'profile_passwords_must_match' });
    }
    for (const [on, field, kind] of [
      [v.notifyEmail, 'emailRecipients', 'email'],
      [v.notifySms, 'smsRecipients', 'sms'],
    ] as const) {
      if (!on) continue;
      const text = v[field];
      if (invalidRecipients(text, kind).length) ctx.addIssue({ code: 'custom', path: [field], message: `profile_${kind}_recipients_invalid` });
      else if (splitRecipients(text).length > MAX_NOTIFICATION_RECIPIENTS)
        ctx.addIssue({ code: 'custom', path: [field], message: 'profile_too_many_recipients' });
    }
  });
export type TProfileForm = z.infer<typeof ZProfileFormSchema>;

/** "Ana Maria Lopez" → first name "Ana", last name "Maria Lopez" (split on the first space, spec part 1 §5). */
export function splitFullName(fullName: string): [string, string] {
  const v = fullName.trim().replace(/\s+/g, ' ');
  const i = v.indexOf(' ');
  return i < 0 ? [v, ''] : [v.slice(0, i), v.slice(i + 1)];
}

/** The impersonation dialog (spec part 1 §2): a user must be picked; super admins pick a company first. */
export const ZImpersonationFormSchema = z.object({
  company: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  userId: z
    .number()
    .int()
    .positive()
    .nullable()
    .refine((v) => v !== null, 'field_required'),
});
export type TImpersonationForm = z.infer<typeof ZImpersonationFormSchema>;
/** What the dialog holds before validation (no user picked yet). */
export type TImpersonationFormInput = z.input<typeof ZImpersonationFormSchema>;
