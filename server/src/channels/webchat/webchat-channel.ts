import { WEBCHAT_LIVE_ENTITY } from '@cd/contracts/webchat';
import type { TLiveBus } from '../../live/live.types';
import { ChannelSendError, type TChannelAdapter } from '../channel.types';

/** The visitor's own live topic: only that visitor's stream (modules/webchat) listens to it; no staff token can. */
export function webchatVisitorTopic(visitorId: string): string {
  return `/webchat/visitors/${visitorId}`;
}

/** The provider id of a webchat message: derived from our message id, so a resend after a crash is the same send. */
export function webchatProviderId(opts: { companyId: number; messageId: number }): string {
  return `WC${opts.companyId}-${opts.messageId}`;
}

/**
 * Website chat (issue 21): no outside provider. A reply "is delivered" by publishing it on the visitor's topic of the
 * live bus (every API process relays it with Redis); a visitor who is not connected reads it from the message list
 * when the widget opens again, so the message is DELIVERED once published. The visitor's widget marks it READ.
 * A customer without a visitor id (a phone-only customer) is never reachable here, and a visitor id is never a phone.
 */
export function createWebchatChannel(opts: { live: TLiveBus }): TChannelAdapter {
  return {
    channel: 'webchat',
    // Whether a company's widget is on is the widget's business (modules/webchat); a visitor who already wrote can
    // still be answered when the widget was switched off meanwhile (they see it when the widget comes back).
    isAvailable: () => true,
    canReach: (c) => !!c.webchatVisitorId,
    async send(message) {
      const visitorId = message.to.webchatVisitorId;
      if (message.alertKey || !visitorId) throw new ChannelSendError('No website-chat visitor to deliver to.', { permanent: true, code: 'no_visitor' });
      if (message.type === 'WHATSAPP_TEMPLATE') throw new ChannelSendError('Templates are WhatsApp only.', { permanent: true, code: 'wrong_type' });
      const now = new Date().toISOString();
      opts.live.broadcast([
        {
          companyId: message.company.id,
          topics: [webchatVisitorTopic(visitorId)],
          payload: {
            id: `wc-${message.company.id}-${message.messageId}`,
            event: 'created',
            entity: WEBCHAT_LIVE_ENTITY,
            action: null,
            data: { id: message.messageId, direction: 'OUTBOUND', body: message.body, createdAt: now },
            changes: null,
            extra: null,
          },
        },
      ]);
      return { providerMessageId: webchatProviderId({ companyId: message.company.id, messageId: message.messageId }), status: 'DELIVERED' };
    },
    async findSent() {
      // Publishing twice is harmless (the widget keeps one copy per id): let the job publish again.
      return null;
    },
  };
}
