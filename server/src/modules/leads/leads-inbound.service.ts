import { LEAD_AUTO_REPLY_WINDOW_HOURS } from '@cd/contracts/leads';
import type { TModifierField } from '@cd/contracts/message-modifiers';
import { upsertListingInterest } from '../interests/interests.api';
import { findListingByKeyword, findListingByUrl, type TListingRow } from '../listings/listings.api';
import type { TInboundMessageStored } from '../messages/messages.api';
import { queueUserNotification } from '../notifications/notifications.api';
import { findRecentOfferFor, OFFER_REPLY_DAYS } from '../offers/offers.api';
import { findUserById } from '../users/users.api';
import { leadNotificationTexts } from './leads-notify';
import { keywordCandidatesOf, looksLikeKeywordAttempt, renderListingText, urlsOf } from './leads-text';
import * as repo from './leads.repository';
import type { TLeadAutoReplyKind } from './leads.schema';
import { recordLead } from './leads.service';

/**
 * What a customer's text does for real estate (docs/leads.md), in receiveInbound's transaction through
 * messages' `inboundMessageStored` hook (attached in app.ts). With the company's realEstate module:
 * 1. the text names a listing by keyword (whole text or first word, any case, punctuation trimmed; any channel) →
 *    listing interest + lead (source keyword) + the agent told + `propertyInterestMessage`;
 * 2. else it holds the address of one of the company's listings → the same, answered with `genericUrlMessage`;
 * 3. else it looks like a keyword attempt (leads-text.ts) and the company has keyword listings →
 *    `invalidPropertyRequestedMessage`.
 * With the offers module, a text within OFFER_REPLY_DAYS (offers module) of an offer sent to the customer becomes an offer_reply
 * lead (once per offer; offers itself marks its recipient row replied). STOP / START / HELP are never read. Answers go at most once per (customer, listing, kind) in
 * LEAD_AUTO_REPLY_WINDOW_HOURS, never to an opted-out customer, never when the setting is empty; they are automated
 * (system) messages, so the send job holds them in quiet hours like every automated text.
 */
export async function reactToListingText(event: TInboundMessageStored): Promise<void> {
  if (event.keyword !== null || event.message.direction !== 'INBOUND') return;
  const body = event.message.content ?? '';
  const modules = event.company.modules ?? {};
  if (modules.realEstate && body.trim() !== '') await answerListingText(event, body);
  if (modules.offers) await recordOfferReply(event);
}

function settingOf(event: TInboundMessageStored, key: string): unknown {
  return (event.company.realEstateSettings as Record<string, unknown> | null)?.[key];
}

async function answerListingText(event: TInboundMessageStored, body: string): Promise<void> {
  const { tx, company } = event;
  for (const keyword of keywordCandidatesOf(body)) {
    const listing = await findListingByKeyword({ tx, companyId: company.id, keyword });
    if (listing) return takeListingLead(event, listing, 'property_interest');
  }
  for (const url of urlsOf(body)) {
    const listing = await findListingByUrl({ tx, companyId: company.id, url });
    if (listing) return takeListingLead(event, listing, 'generic_url');
  }
  if (looksLikeKeywordAttempt(body) && (await repo.companyHasKeywordListings(tx, { companyId: company.id })))
    await sendAutoReply(event, { kind: 'invalid_keyword', listing: null, field: 'realEstateSettings.invalidPropertyRequestedMessage' });
}

const FIELD_OF_KIND: Record<'property_interest' | 'generic_url', TModifierField> = {
  property_interest: 'realEstateSettings.propertyInterestMessage',
  generic_url: 'realEstateSettings.genericUrlMessage',
};

/** The listing's interest and lead (its agent assigned), the agent told of a new lead, and the answer. */
async function takeListingLead(event: TInboundMessageStored, listing: TListingRow, kind: 'property_interest' | 'generic_url'): Promise<void> {
  const { tx, company, customer } = event;
  const agent = listing.agentId === null ? undefined : await findUserById(tx, { companyId: company.id, id: listing.agentId });
  const agentId = agent?.enabled ? agent.id : null;
  await upsertListingInterest({ tx, companyId: company.id, listingId: listing.id, customerId: customer.id, agentId, source: 'keyword' });
  const lead = await recordLead({ tx, companyId: company.id, customerId: customer.id, source: 'keyword', listingId: listing.id, agentId, emit: event.emit });
  if (lead.created && agent?.enabled) {
    const customerName = `${customer.firstName} ${customer.lastName}`.trim() || customer.phone || `#${customer.id}`;
    await queueUserNotification({
      tx,
      emit: event.emit,
      notification: {
        companyId: company.id,
        userId: agent.id,
        kind: 'listing_lead',
        ...leadNotificationTexts({ language: agent.language, customerName, listingName: listing.name, content: event.message.content ?? '' }),
        data: {
          customerId: customer.id,
          messageId: event.message.id,
          listingId: listing.id,
          leadId: lead.row.id,
          link: `/communication/${customer.id}/messenger`,
        },
        dedupeKey: `listing_lead:${lead.row.id}`,
      },
    });
  }
  await sendAutoReply(event, { kind, listing, field: FIELD_OF_KIND[kind] });
}

/** One automated answer, if the customer takes texts, the setting renders and none of this kind went out lately. */
async function sendAutoReply(
  event: TInboundMessageStored,
  opts: { kind: TLeadAutoReplyKind; listing: TListingRow | null; field: TModifierField },
): Promise<void> {
  const { tx, company, customer } = event;
  if (customer.optOut) return;
  const key = opts.field.slice(opts.field.indexOf('.') + 1);
  const l = opts.listing;
  const text = renderListingText({
    field: opts.field,
    text: settingOf(event, key),
    values: {
      customerName: customer.firstName,
      companyName: company.name,
      listing: l ? { name: l.name, url: l.url, priceCents: l.priceCents, agentName: l.agentName } : null,
    },
  });
  if (!text) return;
  const claimed = await repo.claimAutoReply(tx, {
    companyId: company.id,
    customerId: customer.id,
    listingId: l?.id ?? null,
    kind: opts.kind,
    now: new Date(),
    windowHours: LEAD_AUTO_REPLY_WINDOW_HOURS,
  });
  if (claimed) await event.queueReply({ customer, content: text });
}

/** A text soon after an offer: the customer answered it (once per offer; offers own the recipient row). */
async function recordOfferReply(event: TInboundMessageStored): Promise<void> {
  const { tx, company, customer } = event;
  const offer = await findRecentOfferFor({ tx, companyId: company.id, customerId: customer.id, withinDays: OFFER_REPLY_DAYS });
  if (!offer) return;
  if (await repo.hasOfferLead(tx, { companyId: company.id, customerId: customer.id, offerId: offer.id })) return;
  await recordLead({ tx, companyId: company.id, customerId: customer.id, source: 'offer_reply', offerId: offer.id, emit: event.emit });
}
