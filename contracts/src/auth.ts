import { z } from 'zod';
import { isValidResetPassword } from './validators';

export { AUTH_MESSAGES } from './auth-messages';

export const ZLoginSchema = z.strictObject({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

export const ZTokenPairSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPairSchema>;

export const ZRefreshSchema = z.strictObject({ refresh_token: z.string().min(1).max(512) });
export type TRefresh = z.infer<typeof ZRefreshSchema>;

export const ZForgotPasswordSchema = z.strictObject({ email: z.string().trim().min(1).max(254) });
export type TForgotPassword = z.infer<typeof ZForgotPasswordSchema>;

export const ZResetPasswordSchema = z.strictObject({
  password: z
    .string()
    .max(1024)
    .refine(isValidResetPassword, { message: 'password you entered is not valid.' }),
});
export type TResetPassword = z.infer<typeof ZResetPasswordSchema>;

/** Answer of GET /api/forgot-password/{token}. */
export const ZResetTokenInfoSchema = z.object({ user: z.object({ email: z.string() }) });
export type TResetTokenInfo = z.infer<typeof ZResetTokenInfoSchema>;
