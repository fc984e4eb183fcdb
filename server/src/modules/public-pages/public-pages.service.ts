import type { TPublicCompany, TPublicOptIn, TPublicOptInResult } from '@cd/contracts/public-page';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { retryOnceOnUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompanyBySlug } from '../companies/companies.api';
import type { TCompanyRow } from '../companies/companies.schema';
import * as customersRepo from '../customers/customers.api';
import type { TCustomerRow } from '../customers/customers.schema';
import { recordCustomerOptIn } from '../customers/customers.api';
import { customerEvent } from '../customers/customers.service';
import { signedMediaUrl } from '../media/media.presenter';
import { findMediaRows } from '../media/media.api';
import { lastMessageOf, messageEvent, queueSystemMessage, resolveChannel } from '../messages/messages.api';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;

/** consent_events.source of an opt-in given on the public page. */
export const QR_OPT_IN_SOURCE = 'qr_opt_in';

const NOT_FOUND = 'This page does not exist.';

/** The visitor is anonymous: the slug is looked up across companies (system scope), then everything runs in that company's scope. */
async function loadEnabledCompany(deps: Pick<TDeps, 'db'>, slug: string): Promise<TCompanyRow> {
  const company = await runInScope(deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, slug));
  if (!company || !company.enabled) throw new AppError('not_found', NOT_FOUND);
  return company;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export async function getPublicCompany(opts: { deps: TDeps; slug: string }): Promise<TPublicCompany> {
  const { deps } = opts;
  const company = await loadEnabledCompany(deps, opts.slug);
  const ids = [company.heroMobileId, company.logoMobileId].filter((id): id is number => id !== null);
  const media = await runInScope(deps.db, { companyId: company.id }, (tx) => findMediaRows(tx, { companyId: company.id, ids }));
  const urlOf = (id: number | null) => {
    const row = id === null ? undefined : media.find((m) => m.id === id);
    return row ? signedMediaUrl({ config: deps.config, row }) : null;
  };
  const view = company.customerView;
  return {
    name: company.name,
    slug: company.slug,
    accentColor: text(view.accentColor) ?? company.accentColor,
    termsOfService: text(view.termsOfService) ?? company.termsOfService,
    heroMobileUrl: urlOf(company.heroMobileId),
    logoMobileUrl: urlOf(company.logoMobileId),
    bookingEnabled: !!company.modules?.appointments && company.appointmentsSettings?.acceptNewAppointments !== false,
    texts: {
      beforeNameInputText: text(view.beforeNameInputText),
      beforePhoneInputText: text(view.beforePhoneInputText),
      submitPhoneNumberButtonText: text(view.submitPhoneNumberButtonText),
      afterSubmitText: text(view.afterSubmitText),
    },
  };
}

function confirmationText(company: TCompanyRow): string {
  return `${company.name}: thanks, you are subscribed to our messages. Reply STOP to opt out, HELP for help. Msg&data rates may apply.`;
}

/**
 * The first message of the conversation: the company's welcome message when enabled (only once per customer),
 * else an opt-in confirmation (carrier rules want one after a web opt-in). It goes through the normal outbound
 * path (blocking rules now, quiet hours in the send job). No reachable channel: the opt-in still counts.
 */
async function queueFirstMessage(tx: TTx, deps: TDeps, company: TCompanyRow, customer: TCustomerRow) {
  let channel;
  try {
    channel = resolveChannel(deps, company, customer);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  const welcome = company.welcomeMessageEnabled && company.welcomeMessage && !customer.welcomeSentAt;
  const m = await queueSystemMessage(tx, deps, {
    company,
    customer,
    channel,
    content: welcome ? company.welcomeMessage! : confirmationText(company),
    type: welcome ? 'WELCOME_MESSAGE' : 'OPT_IN',
  });
  return m;
}

/**
 * The QR page's form: finds the customer by phone or creates one, records the consent in the ledger, lifts an
 * earlier STOP (the person has just explicitly consented again), bumps the conversation to the top of the inbox
 * and starts it with a first message. One transaction; a second submit with the same phone finds the same customer.
 */
export async function optIn(opts: { deps: TDeps; slug: string; input: TPublicOptIn; ip: string }): Promise<TPublicOptInResult> {
  const { deps, input } = opts;
  const company = await loadEnabledCompany(deps, opts.slug);
  const run = () =>
    runWithLiveEvents({
      deps,
      scope: { companyId: company.id },
      fn: async (tx, emit) => {
        const now = new Date();
        const optedIn = await recordCustomerOptIn(tx, {
          companyId: company.id,
          defaultUserId: company.defaultCustomerUserId,
          phone: input.phone,
          firstName: input.firstName,
          lastName: input.lastName,
          source: QR_OPT_IN_SOURCE,
          detail: { ip: opts.ip, termsOfService: company.customerView.termsOfService ?? company.termsOfService ?? null },
          now,
        });
        let customer = optedIn.customer;
        const m = await queueFirstMessage(tx, deps, company, customer);
        if (m) {
          const after: Partial<TCustomerRow> = { lastMessage: lastMessageOf(m, false) };
          if (m.type === 'WELCOME_MESSAGE') after.welcomeSentAt = now;
          customer = (await customersRepo.updateCustomer(tx, { companyId: company.id, id: customer.id, values: after }))!;
        }
        const events: TLiveEventInput[] = [customerEvent(customer, optedIn.isNew ? 'created' : 'updated', { changes: ['bumpedAt', 'lastMessage', 'optOut'] })];
        if (m) events.push(messageEvent(deps, customer, m, 'created'));
        emit(events);
        return { messageQueued: !!m && m.status !== 'blocked' };
      },
    });
  const result = await retryOnceOnUniqueViolation(run);
  deps.jobs.wake();
  return result;
}
