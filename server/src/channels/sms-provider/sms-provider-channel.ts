import { decryptSecret } from '../../lib/crypto';
import { ChannelSendError, type TChannelAdapter, type TChannelCompany } from '../channel.types';
import { fetchTwilioMedia, findTwilioMessage, mapTwilioStatus, sendTwilioMessage, TwilioError, type TTwilioCredentials } from './twilio-client';

type TOcs = { twilioAccountSID?: string | null; twilioAuthToken?: string | null; twilioPhoneNumber?: string | null };

export function twilioCredentialsOf(opts: { company: TChannelCompany; encryptionKey: Buffer; baseUrl: string }): (TTwilioCredentials & { from: string }) | null {
  const ocs = opts.company.ocs as TOcs;
  if (!ocs.twilioAccountSID || !ocs.twilioAuthToken || !ocs.twilioPhoneNumber) return null;
  let authToken: string;
  try {
    authToken = decryptSecret(opts.encryptionKey, ocs.twilioAuthToken);
  } catch {
    // Stored under another ENCRYPTION_KEY: unusable until an admin enters the token again.
    return null;
  }
  return {
    accountSid: ocs.twilioAccountSID,
    authToken,
    baseUrl: opts.baseUrl,
    from: ocs.twilioPhoneNumber,
  };
}

/** SMS through the provider (Twilio's REST API). Status callbacks carry our message id so they can never race the commit. */
export function createSmsProviderChannel(opts: { encryptionKey: Buffer; baseUrl: string; publicUrl: string }): TChannelAdapter {
  const creds = (company: TChannelCompany) => {
    const c = twilioCredentialsOf({ company, encryptionKey: opts.encryptionKey, baseUrl: opts.baseUrl });
    if (!c) throw new ChannelSendError('The SMS provider is not configured for this company.', { permanent: true, code: 'not_configured' });
    return c;
  };
  return {
    channel: 'sms_provider',
    isAvailable: (company) => twilioCredentialsOf({ company, encryptionKey: opts.encryptionKey, baseUrl: opts.baseUrl }) !== null,
    canReach: (c) => !!c.phone,
    async send(message) {
      const c = creds(message.company);
      if (!message.to.phone) throw new ChannelSendError('The customer has no phone number.', { permanent: true, code: 'no_phone' });
      try {
        const res = await sendTwilioMessage({
          creds: c,
          from: c.from,
          to: message.to.phone,
          body: message.body,
          mediaUrls: message.mediaUrls,
          // Staff alerts are not messages: a callback naming their id would land on a customer message.
          statusCallback: message.alertKey ? undefined : `${opts.publicUrl}/api/webhooks/sms-provider/${message.company.slug}/status?messageId=${message.messageId}`,
        });
        return { providerMessageId: res.sid, status: mapTwilioStatus(res.status) ?? 'SENDING' };
      } catch (err) {
        if (err instanceof TwilioError)
          throw new ChannelSendError(err.message, { permanent: err.permanent, code: err.code === null ? String(err.status || '') || null : String(err.code), outcomeUnknown: err.status === 0 });
        throw err;
      }
    },
    async downloadMedia({ company, ref, maxBytes }) {
      return fetchTwilioMedia({ creds: creds(company), url: ref, maxBytes });
    },
    async findSent(message) {
      const c = creds(message.company);
      if (!message.to.phone) return null;
      const found = await findTwilioMessage({ creds: c, from: c.from, to: message.to.phone, body: message.body, sentAfter: message.attemptStartedAt });
      return found ? { providerMessageId: found.sid, status: mapTwilioStatus(found.status) ?? 'SENDING' } : null;
    },
  };
}
