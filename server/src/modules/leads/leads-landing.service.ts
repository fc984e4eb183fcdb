import { LEAD_AUTO_REPLY_WINDOW_HOURS, type TPublicLeadPage, type TPublicLeadResult, type TPublicLeadSubmit } from '@cd/contracts/leads';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { retryOnceOnUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompanyBySlug, type TCompanyRow } from '../companies/companies.api';
import { customerEvent, findOrCreateCustomerByPhone, updateCustomer, type TCustomerRow } from '../customers/customers.api';
import { upsertListingInterest } from '../interests/interests.api';
import { findListingByUrl } from '../listings/listings.api';
import { hasMarketingConsent, recordMarketingConsent } from '../marketing/marketing.api';
import { signedMediaUrl } from '../media/media.presenter';
import { findMediaRows } from '../media/media.api';
import { lastMessageOf, messageEvent, queueSystemMessage, resolveChannel } from '../messages/messages.api';
import { findUserById } from '../users/users.api';
import { renderListingText } from './leads-text';
import * as repo from './leads.repository';
import { recordLead } from './leads.service';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;

const NOT_FOUND = 'This page does not exist.';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The wording next to the consent box when the company wrote none (it is what the consent records). */
export function defaultConsentWording(company: Pick<TCompanyRow, 'name'>): string {
  return `I agree to receive marketing text messages from ${company.name}. Consent is not a condition of purchase. Reply STOP to opt out.`;
}

/** The visitor is anonymous: the slug is read across companies; a disabled company or module is "no such page". */
async function loadLandingCompany(deps: Pick<TDeps, 'db'>, slug: string): Promise<TCompanyRow> {
  const company = await runInScope(deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, slug));
  if (!company || !company.enabled || !company.modules?.realEstate) throw new AppError('not_found', NOT_FOUND);
  return company;
}

function settingsOf(company: TCompanyRow): Record<string, unknown> {
  return (company.realEstateSettings as Record<string, unknown> | null) ?? {};
}

export async function getLeadPage(opts: { deps: TDeps; slug: string }): Promise<TPublicLeadPage> {
  const { deps } = opts;
  const company = await loadLandingCompany(deps, opts.slug);
  const ids = [company.heroMobileId, company.logoMobileId].filter((id): id is number => id !== null);
  const media = ids.length ? await runInScope(deps.db, { companyId: company.id }, (tx) => findMediaRows(tx, { companyId: company.id, ids })) : [];
  const urlOf = (id: number | null) => {
    const row = id === null ? undefined : media.find((m) => m.id === id);
    return row ? signedMediaUrl({ config: deps.config, row }) : null;
  };
  const view = company.customerView;
  const s = settingsOf(company);
  return {
    name: company.name,
    slug: company.slug,
    accentColor: text(view.accentColor) ?? company.accentColor,
    logoMobileUrl: urlOf(company.logoMobileId),
    heroMobileUrl: urlOf(company.heroMobileId),
    termsOfService: text(view.termsOfService) ?? company.termsOfService,
    texts: {
      beforePhoneInputText: text(s.beforePhoneInputText),
      submitPhoneNumberButtonText: text(s.submitPhoneNumberButtonText),
      phoneNumberSubmittedText: text(s.phoneNumberSubmittedText),
      beforeManualPropertyUrl: text(s.beforeManualPropertyUrl),
      afterManualPropertyUrl: text(s.afterManualPropertyUrl),
      optInviteMessage: text(s.optInviteMessage) ?? defaultConsentWording(company),
    },
  };
}

/** The landing-page text, through the customer's channel (quiet hours and blocking rules apply in the send path). */
async function queueLeadText(tx: TTx, deps: TDeps, company: TCompanyRow, customer: TCustomerRow, listingId: number | null) {
  if (customer.optOut) return null;
  const content = renderListingText({
    field: 'realEstateSettings.landingPageLeadMessage',
    text: settingsOf(company).landingPageLeadMessage,
    values: { customerName: customer.firstName, companyName: company.name },
  });
  if (!content) return null;
  let channel;
  try {
    channel = resolveChannel(deps, company, customer);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  // One text per phone and listing a day, whatever the number of submits: the form cannot be used to flood a phone.
  const claimed = await repo.claimAutoReply(tx, {
    companyId: company.id,
    customerId: customer.id,
    listingId,
    kind: 'landing_page',
    now: new Date(),
    windowHours: LEAD_AUTO_REPLY_WINDOW_HOURS,
  });
  if (!claimed) return null;
  return queueSystemMessage(tx, deps, { company, customer, channel, content, type: 'STANDARD' });
}

/**
 * The landing page's form: finds or creates the customer by phone, records a landing_page lead (with the listing when
 * the address is one of the company's), the marketing consent with its wording only when the box was ticked, and
 * texts `landingPageLeadMessage`. Answers the same whether the phone was known or not.
 */
export async function submitLead(opts: {
  deps: TDeps;
  slug: string;
  input: TPublicLeadSubmit;
  ip: string;
  userAgent: string | null;
}): Promise<TPublicLeadResult> {
  const { deps, input } = opts;
  const company = await loadLandingCompany(deps, opts.slug);
  const s = settingsOf(company);
  const run = () =>
    runWithLiveEvents({
      deps,
      scope: { companyId: company.id },
      fn: async (tx, emit) => {
        const now = new Date();
        const found = await findOrCreateCustomerByPhone(tx, {
          companyId: company.id,
          phone: input.phone,
          firstName: '',
          lastName: '',
          email: null,
          ownerId: company.defaultCustomerUserId,
          now,
        });
        let customer = found.customer;
        const listing = input.listingUrl ? await findListingByUrl({ tx, companyId: company.id, url: input.listingUrl }) : null;
        const agent = listing?.agentId ? await findUserById(tx, { companyId: company.id, id: listing.agentId }) : undefined;
        const agentId = agent?.enabled ? agent.id : null;
        if (listing)
          await upsertListingInterest({ tx, companyId: company.id, listingId: listing.id, customerId: customer.id, agentId, source: 'landing_page' });
        await recordLead({ tx, companyId: company.id, customerId: customer.id, source: 'landing_page', listingId: listing?.id ?? null, agentId, emit });
        if (input.marketingConsent === true && !customer.optOut && !(await hasMarketingConsent({ tx, companyId: company.id, customerId: customer.id })))
          await recordMarketingConsent({
            tx,
            companyId: company.id,
            customerId: customer.id,
            source: 'web_form',
            wording: text(s.optInviteMessage) ?? defaultConsentWording(company),
            evidence: {
              page: `/l/${company.slug}`,
              ip: opts.ip,
              userAgent: opts.userAgent?.slice(0, 300) ?? null,
              listingUrl: input.listingUrl ?? null,
              at: now.toISOString(),
            },
          });
        const m = await queueLeadText(tx, deps, company, customer, listing?.id ?? null);
        if (m)
          customer = (await updateCustomer(tx, { companyId: company.id, id: customer.id, values: { bumpedAt: now, lastMessage: lastMessageOf(m, false) } }))!;
        const events: TLiveEventInput[] = [customerEvent(customer, found.isNew ? 'created' : 'updated', { changes: ['bumpedAt', 'lastMessage'] })];
        if (m) events.push(messageEvent(deps, customer, m, 'created'));
        emit(events);
        return { ok: true as const, message: text(s.phoneNumberSubmittedText) };
      },
    });
  const result = await retryOnceOnUniqueViolation(run);
  deps.jobs.wake();
  return result;
}
