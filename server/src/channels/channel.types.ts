import type { TChannel } from '@cd/contracts/customer';
import type { TMessageStatus } from '@cd/contracts/message';
import type { TCompanyRow } from '../modules/companies/companies.schema';

export interface TOutboundMessage {
  company: TCompanyRow;
  messageId: number;
  to: string;
  body: string;
  /** Absolute signed URLs the provider fetches. */
  mediaUrls: string[];
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
  send(message: TOutboundMessage): Promise<TSendResult>;
  /** After a crash between the provider call and our commit: did the provider accept this message? */
  findSent(message: TOutboundMessage & { attemptStartedAt: Date }): Promise<TSendResult | null>;
}
