import { z } from 'zod';
import { idRefOf } from './ids';
import { SERVICE_PRICE_MAX_CENTS, SERVICE_DURATION_MAX_MINUTES, SERVICE_TITLE_MAX, SERVICE_DESCRIPTION_MAX } from './company-service-constants';
export { SERVICE_PRICE_MAX_CENTS, SERVICE_DURATION_MAX_MINUTES, SERVICE_TITLE_MAX, SERVICE_DESCRIPTION_MAX } from './company-service-constants';

const serviceFields = {
  title: z.string().trim().min(1, 'title_is_required').max(SERVICE_TITLE_MAX),
  description: z.string().trim().max(SERVICE_DESCRIPTION_MAX),
  /** Minutes, above zero (spec part 2 §5). */
  duration: z.number().int('Whole minutes only.').min(1, 'The duration must be above zero.').max(SERVICE_DURATION_MAX_MINUTES),
  /** Cents (spec part 2 §3): the form takes dollars and converts with `dollarsToCents`. */
  price: z.number().int('The price is in whole cents.').min(0, 'The price cannot be negative.').max(SERVICE_PRICE_MAX_CENTS),
};

/** The owning company as `/api/companies/{id}` (or its id): super admins name it, others may only name their own. */
const ZCompanyRefSchema = idRefOf('companies', 'Expected /api/companies/{id}.');

export const ZCompanyServiceCreateSchema = z.strictObject({
  ...serviceFields,
  description: serviceFields.description.optional(),
  company: ZCompanyRefSchema.optional(),
});
export type TCompanyServiceCreate = z.infer<typeof ZCompanyServiceCreateSchema>;

/** PUT replaces the editable fields (description defaults to empty); the company never changes. */
export const ZCompanyServiceReplaceSchema = ZCompanyServiceCreateSchema;

export const ZCompanyServicePatchSchema = z.strictObject(serviceFields).partial();
export type TCompanyServicePatch = z.infer<typeof ZCompanyServicePatchSchema>;

/** A company service as the API answers it. */
export const ZCompanyServiceSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('CompanyService'),
    id: z.number().int(),
    /** `/api/companies/{id}`. */
    company: z.string(),
    title: z.string(),
    description: z.string(),
    /** Minutes. */
    duration: z.number().int(),
    /** Cents. */
    price: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CompanyService' });
export type TCompanyService = z.infer<typeof ZCompanyServiceSchema>;
