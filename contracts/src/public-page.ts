import { z } from 'zod';
import { ZPhoneSchema } from './company';

/** What the public opt-in page `/c/{slug}` (the company's QR code) may know about a company: no ids, no settings beyond its texts. */
export interface TPublicCompany {
  name: string;
  slug: string;
  accentColor: string | null;
  termsOfService: string | null;
  heroMobileUrl: string | null;
  logoMobileUrl: string | null;
  texts: {
    beforeNameInputText: string | null;
    beforePhoneInputText: string | null;
    submitPhoneNumberButtonText: string | null;
    afterSubmitText: string | null;
  };
}

export const ZPublicOptInSchema = z.strictObject({
  firstName: z.string().trim().min(1, 'first_name_is_required').max(100),
  lastName: z.string().trim().max(100).optional(),
  phone: ZPhoneSchema,
  /** The person ticked the consent box; anything but `true` is refused. */
  consent: z.literal(true, { message: 'consent_is_required' }),
});
export type TPublicOptIn = z.infer<typeof ZPublicOptInSchema>;

export interface TPublicOptInResult {
  /** A confirmation message is on its way (false when sending is blocked or no channel is configured). */
  messageQueued: boolean;
}
