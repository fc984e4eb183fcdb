import { decryptSecret } from '../../lib/crypto';
import { ChannelSendError, type TChannelAdapter, type TChannelCompany, type TOutboundMessage } from '../channel.types';
import { fetchViberMedia, sendViberMessage, ViberError, type TViberOutgoing } from './viber-client';
import { viberSenderOf } from './viber-webhooks';

type TOcs = { viberToken?: string | null; viberBotPicture?: string | null };

/** Viber shows a picture's `text` as its caption, up to 120 characters; a longer body goes as its own text message. */
const PICTURE_CAPTION_MAX = 120;
/** What Viber renders as a picture (JPEG, PNG, non-animated GIF); other images go as files. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif']);
const FILE_NAME_MAX = 256;

/** The company's bot token in clear, or null when none is set or it cannot be decrypted. */
export function viberTokenOf(opts: { company: TChannelCompany; encryptionKey: Buffer }): string | null {
  const stored = (opts.company.ocs as TOcs).viberToken;
  if (!stored) return null;
  try {
    return decryptSecret(opts.encryptionKey, stored) || null;
  } catch {
    // Stored under another ENCRYPTION_KEY: unusable until an admin enters the token again.
    return null;
  }
}

/**
 * The send_message requests for one of our messages, in order: the text (unless it rides as the first picture's
 * caption), then one request per attachment.
 */
export function buildViberRequests(message: TOutboundMessage): TViberOutgoing[] {
  const ocs = message.company.ocs as TOcs;
  const receiver = message.to.viberUserId!;
  const sender = viberSenderOf({ companyName: message.company.name, avatar: ocs.viberBotPicture });
  const body = message.body.trim();
  const firstIsPicture = message.media.length > 0 && PICTURE_TYPES.has(message.media[0]!.mimeType.toLowerCase());
  const captioned = firstIsPicture && body !== '' && Array.from(body).length <= PICTURE_CAPTION_MAX;
  const out: TViberOutgoing[] = [];
  if (body !== '' && !captioned) out.push({ receiver, sender, type: 'text', text: body });
  message.media.forEach((m, i) => {
    if (PICTURE_TYPES.has(m.mimeType.toLowerCase())) out.push({ receiver, sender, type: 'picture', text: i === 0 && captioned ? body : '', media: m.url });
    else out.push({ receiver, sender, type: 'file', media: m.url, size: m.size, file_name: Array.from(m.fileName || 'file').slice(0, FILE_NAME_MAX).join('') });
  });
  return out;
}

function toSendError(err: ViberError, prefix = ''): ChannelSendError {
  return new ChannelSendError(prefix + err.message, {
    permanent: err.permanent,
    code: err.viberStatus !== null ? String(err.viberStatus) : err.httpStatus ? String(err.httpStatus) : null,
    outcomeUnknown: err.outcomeUnknown,
  });
}

/** Viber through its REST bot API. Customers are reached by their subscriber id (`viberUserId`), never by phone. */
export function createViberChannel(opts: { encryptionKey: Buffer; apiUrl: string }): TChannelAdapter {
  const tokenFor = (company: TChannelCompany) => {
    const token = viberTokenOf({ company, encryptionKey: opts.encryptionKey });
    if (!token) throw new ChannelSendError('Viber is not configured for this company.', { permanent: true, code: 'not_configured' });
    return token;
  };
  return {
    channel: 'viber',
    isAvailable: (company) => viberTokenOf({ company, encryptionKey: opts.encryptionKey }) !== null,
    canReach: (c) => !!c.viberUserId,
    async send(message) {
      const token = tokenFor(message.company);
      if (!message.to.viberUserId) throw new ChannelSendError('The customer has no Viber id.', { permanent: true, code: 'no_viber_id' });
      const requests = buildViberRequests(message);
      if (requests.length === 0) throw new ChannelSendError('Nothing to send.', { permanent: true, code: 'empty' });
      let first: string | null = null;
      for (const [i, request] of requests.entries()) {
        try {
          const { messageToken } = await sendViberMessage({ apiUrl: opts.apiUrl, token, message: request });
          first ??= messageToken;
        } catch (err) {
          if (!(err instanceof ViberError)) throw err;
          if (first === null) throw toSendError(err);
          // Part of the message is already out: a retry would send those parts again (the API cannot tell us
          // what it has), so the message fails here with what got through.
          const partial = toSendError(err, `Viber accepted ${i} of ${requests.length} parts, then: `);
          throw new ChannelSendError(partial.message, { ...partial.opts, permanent: true, outcomeUnknown: false });
        }
      }
      // Statuses (delivered, seen, failed) come back for this first token; the message is out of our hands now.
      return { providerMessageId: first!, status: 'SENT' };
    },
    async downloadMedia({ ref, maxBytes }) {
      return fetchViberMedia({ apiUrl: opts.apiUrl, url: ref, maxBytes });
    },
    async findSent() {
      // The Viber bot API has no way to list or look up sent messages, so an attempt that got no answer cannot be
      // reconciled: the next try sends again (at worst a duplicate, never a loss).
      return null;
    },
  };
}
