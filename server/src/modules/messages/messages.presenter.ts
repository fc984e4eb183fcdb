import type { TChannel } from '@cd/contracts/customer';
import type { TMessage, TMessageStatus, TMessageType } from '@cd/contracts/message';
import type { TConfig } from '../../config';
import { iri } from '../../lib/hydra';
import { presentMedia, type TMediaRow } from '../media/media.api';
import type { TMessageRow } from './messages.schema';

export function toMessageResource(
  m: TMessageRow,
  opts: { config: Pick<TConfig, 'encryptionKey' | 'publicUrl' | 'signedUrlTtl'>; attachments: TMediaRow[]; userName?: string | null },
): TMessage {
  return {
    '@id': iri('messages', m.id),
    '@type': 'Message',
    id: m.id,
    customer: iri('customers', m.customerId),
    direction: m.direction,
    status: m.status as TMessageStatus,
    type: m.type as TMessageType,
    channel: m.channel as TChannel,
    sender: m.sender,
    user: m.userId === null ? null : iri('users', m.userId),
    userName: opts.userName ?? null,
    content: m.content,
    attachments: opts.attachments.map((row) => presentMedia({ config: opts.config, row })),
    scheduledAt: m.scheduledAt?.toISOString() ?? null,
    sentAt: m.sentAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    error: m.errorCode || m.errorMessage ? { code: m.errorCode, message: m.errorMessage } : null,
  };
}
