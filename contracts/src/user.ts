import { z } from 'zod';
import { ASSIGNABLE_ROLES, ZAwayStatusSchema } from './roles';
import { ZPhoneSchema } from './company';
import { isValidProfilePassword } from './validators';

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
  transferToUserId: z.union([z.string().regex(/^\d+$/), z.number().int().positive()]).nullable().optional(),
});
export type TAwayState = z.infer<typeof ZAwayStateSchema>;

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
    company: z.string().regex(/^\/api\/companies\/\d+$/).optional(),
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

export const ZUserRolesSchema = z.strictObject({ roles: z.array(assignableRole).max(20) });
export const ZChangePasswordSchema = z.strictObject({ password: ZPasswordSchema });
export const ZUserEnabledSchema = z.strictObject({ enabled: z.boolean() });

export interface TUser {
  '@id': string;
  '@type': 'User';
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  roles: string[];
  company: string | null;
  enabled: boolean;
  mechanic: boolean;
  advisor: boolean;
  department: string | null;
  dms: { dtPersonId?: string | null; cdkServiceAdvisorId?: string | null };
  awayState: { status: 'ONLINE' | 'AWAY' | 'AWAY_WITH_TRANSFER'; backAt: string | null; awayText: string | null; transferToUserId: number | null };
  notificationSettings: TNotificationSettings;
  theme: 'system' | 'light' | 'dark';
  language: 'en' | 'bs' | 'hr' | 'sr';
  createdAt: string;
}

/** GET /api/me: the effective user plus the shell's view of their company and who is really signed in. */
export interface TMe extends TUser {
  companyData: {
    id: number;
    name: string;
    slug: string;
    phone: string | null;
    enabled: boolean;
    mainLogo: { contentUrl: string } | null;
    welcomeMessage: string | null;
    modules: Record<string, boolean>;
    automotiveMessages: { vehicleReady?: string | null; repairOrderStatusUrl?: string | null };
    surveySettings: { text?: string | null };
    ocs: { twilioPhoneNumber?: string | null; safeMode?: boolean };
    /** Channels the company can send through now, best first (the composer's default when the customer has no preference). */
    channels: string[];
  } | null;
  /** Present while impersonating: the real signed-in user. */
  impersonator: { id: number; email: string; firstName: string; lastName: string; companyName: string | null } | null;
}

export interface TColleague {
  '@id': string;
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
}
