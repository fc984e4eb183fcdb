/**
 * Length caps of the support form (issue 20), apart from the zod schemas: the app shell's Support link checks a
 * path against them, and importing `support.ts` there would put zod on the inbox route.
 */
export const SUPPORT_LIMITS = { subject: 150, message: 5000, userAgent: 500, page: 500 } as const;
