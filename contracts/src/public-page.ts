import { z } from 'zod';
import { ZPhoneSchema } from './company';

/** What the public opt-in page `/c/{slug}` (the company's QR code) may know about a company: no ids, no settings beyond its texts. */
export const ZPublicCompanySchema = z.object({
  name: z.string(),
  slug: z.string(),
  accentColor: z.string().nullable(),
  termsOfService: z.string().nullable(),
  heroMobileUrl: z.string().nullable(),
  logoMobileUrl: z.string().nullable(),
  /** The company takes appointments on its booking page `/book/{slug}` (appointments module on and accepting). */
  bookingEnabled: z.boolean(),
  texts: z.object({
    beforeNameInputText: z.string().nullable(),
    beforePhoneInputText: z.string().nullable(),
    submitPhoneNumberButtonText: z.string().nullable(),
    afterSubmitText: z.string().nullable(),
  }),
});
export type TPublicCompany = z.infer<typeof ZPublicCompanySchema>;

export const ZPublicOptInSchema = z.strictObject({
  firstName: z.string().trim().min(1, 'first_name_is_required').max(100),
  lastName: z.string().trim().max(100).optional(),
  phone: ZPhoneSchema,
  /** The person ticked the consent box; anything but `true` is refused. */
  consent: z.literal(true, { message: 'consent_is_required' }),
});
export type TPublicOptIn = z.infer<typeof ZPublicOptInSchema>;

export const ZPublicOptInResultSchema = z.object({
  /** A confirmation message is on its way (false when sending is blocked or no channel is configured). */
  messageQueued: z.boolean(),
});
export type TPublicOptInResult = z.infer<typeof ZPublicOptInResultSchema>;
