import { z } from 'zod';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findCompanyBySlug, type TCompanyRow } from '../companies/companies.api';

/** Every webhook URL names its company by slug. */
export const ZWebhookSlugParamsSchema = z.object({ companySlug: z.string().regex(/^[a-z0-9-]{1,64}$/) });

/** A header's one value (Node gives an array when it was sent twice: the first counts). */
export const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The company a webhook URL names. Providers are not signed in, so the slug is looked up on the system path. */
export async function findWebhookCompany(opts: { deps: TAppDeps; slug: string }): Promise<TCompanyRow | undefined> {
  return runInScope(opts.deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, opts.slug));
}

/**
 * The company a webhook URL names and the channel secret its signature is checked with. An unknown slug and a
 * company without that channel configured answer the same 404 (`notConfigured`): nothing tells them apart.
 */
export async function resolveWebhookCompany<TSecret>(opts: {
  deps: TAppDeps;
  slug: string;
  secretOf: (company: TCompanyRow) => TSecret | null | undefined;
  notConfigured: string;
}): Promise<{ company: TCompanyRow; secret: TSecret }> {
  const company = await findWebhookCompany(opts);
  const secret = company ? opts.secretOf(company) : null;
  // An empty secret signs nothing: it counts as not configured.
  if (!company || !secret) throw new AppError('not_found', opts.notConfigured);
  return { company, secret };
}
