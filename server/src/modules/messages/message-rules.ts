// The rules and shapes every messages use case shares (sending, receiving, the send job): who may get a message,
// through which channel, and how a message is announced to live subscribers.
import type { TChannel } from '@cd/contracts/customer';
import type { TMessageType } from '@cd/contracts/message';
import type { TChannelAdapter } from '../../channels/channel.types';
import { CHANNEL_PREFERENCE } from '../../channels/channel-preference';
import type { TAppDeps, TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import type { TCustomerRow } from '../customers/customers.api';
import { customerTopics } from '../customers/customers.service';
import type { TMediaRow } from '../media/media.api';
import { toMessageResource } from './messages.presenter';
import type { TMessageRow } from './messages.schema';

export type TChannelRegistry = Partial<Record<TChannel, TChannelAdapter>>;
export type TMessagesDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;

export function presentMessage(deps: Pick<TMessagesDeps, 'config'>, m: TMessageRow, attachments: TMediaRow[]) {
  return toMessageResource(m, { config: deps.config, attachments });
}

export function messageEvent(
  deps: Pick<TMessagesDeps, 'config'>,
  customer: Pick<TCustomerRow, 'companyId' | 'userId'>,
  m: TMessageRow,
  event: 'created' | 'updated' | 'removed',
  opts: { attachments?: TMediaRow[]; changes?: string[] } = {},
): TLiveEventInput {
  return {
    companyId: m.companyId,
    topics: customerTopics(customer),
    event,
    entity: 'message',
    data: presentMessage(deps, m, opts.attachments ?? []),
    changes: opts.changes ?? null,
  };
}

export function lastMessageOf(m: TMessageRow, hasAttachments: boolean) {
  return { content: m.content, direction: m.direction, status: m.status, createdAt: m.createdAt.toISOString(), hasAttachments };
}

/** Why a message may not go out: opted-out customers get nothing (but their opt-out confirmation); safe mode allows whitelisted numbers only. */
export function blockReason(company: TCompanyRow, customer: TCustomerRow, type: string): string | null {
  if (customer.optOut && type !== 'OPT_OUT') return 'The customer opted out of messages (STOP).';
  const ocs = company.ocs as { safeMode?: boolean; smsWhitelist?: string[] };
  if (ocs.safeMode && !(customer.phone && (ocs.smsWhitelist ?? []).includes(customer.phone))) return 'Safe mode: this number is not on the whitelist.';
  return null;
}

/** The checks of a staff send that need no database; returns the trimmed text. */
/** A staff send as the API takes it (the batch path and the single path share it). */
export interface TSendRequest {
  ctx: TRequestContext;
  customerId: number;
  content: string;
  channel?: TChannel;
  scheduledAt?: Date;
  mediaIds: number[];
  /** WHATSAPP_TEMPLATE for the WhatsApp invite; STANDARD otherwise. */
  type?: TMessageType;
}

export function checkSendInput(opts: { content: string; mediaIds: number[]; scheduledAt?: Date }): string {
  const content = opts.content.trim();
  if (!content && !opts.mediaIds.length) throw validationError([{ propertyPath: 'content', message: 'Write a message or attach a file.' }]);
  if (opts.scheduledAt && opts.scheduledAt.getTime() <= Date.now())
    throw validationError([{ propertyPath: 'scheduledAt', message: 'A scheduled message needs a future date and time.' }]);
  return content;
}

const SMS_NUMBER_REQUIRED = 'Company must have an SMS number';

/** The channel a message goes through: the one asked for, else the customer's preferred one, else the company's best available. */
export function resolveChannel(deps: Pick<TMessagesDeps, 'channels'>, company: TCompanyRow, customer: TCustomerRow, requested?: TChannel): TChannel {
  const available = (c: TChannel | null | undefined): c is TChannel => {
    const adapter = c ? deps.channels[c] : undefined;
    return !!adapter && adapter.isAvailable(company) && adapter.canReach(customer);
  };
  if (requested) {
    // Spec part 2 §8: SMS through the provider needs the company's own number; say so rather than "not available".
    if (requested === 'sms_provider' && !(company.ocs as { twilioPhoneNumber?: string | null }).twilioPhoneNumber)
      throw new AppError('validation_failed', SMS_NUMBER_REQUIRED, [{ propertyPath: 'channel', message: SMS_NUMBER_REQUIRED }]);
    if (!available(requested)) throw validationError([{ propertyPath: 'channel', message: 'This channel is not available for this company.' }]);
    return requested;
  }
  const preferred = customer.preferredChannel as TChannel | null;
  if (available(preferred)) return preferred;
  for (const c of CHANNEL_PREFERENCE) if (available(c)) return c;
  throw new AppError('validation_failed', 'This customer has no valid communication channel.', [
    { propertyPath: 'channel', message: 'This customer has no valid communication channel.' },
  ]);
}

export async function loadCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  return company;
}
