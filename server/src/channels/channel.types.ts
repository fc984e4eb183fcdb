import type { TChannel } from '@cd/contracts/customer';
import type { TMessageStatus } from '@cd/contracts/message';

/**
 * The company fields a channel reads: its id and slug (provider ids, webhook URLs), its name (Viber sender) and `ocs`,
 * the channel settings with the credentials encrypted under ENCRYPTION_KEY. A companies row satisfies it as it is;
 * declared here so channels/ stays below the modules.
 */
export interface TChannelCompany {
  id: number;
  slug: string;
  name: string;
  ocs: Record<string, unknown>;
}

export interface TOutboundMessage {
  company: TChannelCompany;
  messageId: number;
  /** Message type (e.g. WHATSAPP_TEMPLATE sends the company's invite template). */
  type: string;
  /** `webchatVisitorId`: the website-chat visitor (channels/webchat), never a phone number. */
  to: { phone: string | null; viberUserId: string | null; webchatVisitorId?: string | null };
  body: string;
  /** Absolute signed URLs the provider fetches. */
  mediaUrls: string[];
  media: { url: string; mimeType: string; fileName: string; size: number }[];
  /**
   * Set for a staff alert SMS, which is no customer message: `messageId` then means nothing to the provider, this key
   * makes the send idempotent instead, and no status callback is requested.
   */
  alertKey?: string;
}

export interface TSendResult {
  providerMessageId: string;
  status: TMessageStatus;
}

/** A send the provider refused or that did not get through. `outcomeUnknown`: the request may have arrived. */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly opts: { permanent: boolean; code?: string | null; outcomeUnknown?: boolean },
  ) {
    super(message);
  }
}

export interface TChannelAdapter {
  channel: TChannel;
  /** Whether this company can send through the channel at all (credentials configured, simulator on…). */
  isAvailable(company: TChannelCompany): boolean;
  /** Whether this customer has an address on the channel (a phone number, a Viber subscriber id…). */
  canReach(customer: { phone: string | null; viberUserId: string | null; webchatVisitorId?: string | null }): boolean;
  /**
   * A channel rule that refuses a send right now (e.g. WhatsApp's 24-hour window), as the message to show,
   * or null. The caller owns the data: `hasInboundSince` asks, in the sending transaction, whether this customer wrote
   * on this channel after `since`.
   */
  refuseSend?(opts: { company: TChannelCompany; type: string; hasInboundSince(since: Date): Promise<boolean> }): Promise<string | null>;
  /** Downloads an inbound attachment the provider announced (a URL or a provider media id), only from the provider. */
  downloadMedia?(opts: { company: TChannelCompany; ref: string; maxBytes: number }): Promise<{ contentType: string; data: Buffer }>;
  send(message: TOutboundMessage): Promise<TSendResult>;
  /** After a crash between the provider call and our commit: did the provider accept this message? */
  findSent(message: TOutboundMessage & { attemptStartedAt: Date }): Promise<TSendResult | null>;
}
