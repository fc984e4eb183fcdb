import type { TChannel } from '@cd/contracts/customer';
import type { TMessageStatus } from '@cd/contracts/message';
import type { TCompanyRow } from '../modules/companies/companies.schema';
import type { TTx } from '../db/client';

export interface TOutboundMessage {
  company: TCompanyRow;
  messageId: number;
  /** Message type (e.g. WHATSAPP_TEMPLATE sends the company's invite template). */
  type: string;
  to: { phone: string | null; viberUserId: string | null };
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
  isAvailable(company: TCompanyRow): boolean;
  /** Whether this customer has an address on the channel (a phone number, a Viber subscriber id…). */
  canReach(customer: { phone: string | null; viberUserId: string | null }): boolean;
  /**
   * A channel rule that refuses a send right now (e.g. WhatsApp's 24-hour window), as the message to show,
   * or null. Runs in the sending transaction.
   */
  refuseSend?(opts: { tx: TTx; company: TCompanyRow; customerId: number; type: string }): Promise<string | null>;
  /** Downloads an inbound attachment the provider announced (a URL or a provider media id), only from the provider. */
  downloadMedia?(opts: { company: TCompanyRow; ref: string; maxBytes: number }): Promise<{ contentType: string; data: Buffer }>;
  send(message: TOutboundMessage): Promise<TSendResult>;
  /** After a crash between the provider call and our commit: did the provider accept this message? */
  findSent(message: TOutboundMessage & { attemptStartedAt: Date }): Promise<TSendResult | null>;
}
