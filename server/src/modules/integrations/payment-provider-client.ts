import type { TVerifyPaymentCredentialsAnswer } from '@cd/contracts/integrations';
import { describeFetchFailure, timeoutSignal } from '../../lib/provider-http';

const VERIFY_TIMEOUT_MS = 10_000;

/**
 * Asks the next-variant payment provider whether an app key and secret are valid:
 * POST {base}/v1/credentials/verify with HTTP Basic appKey:apiSecret. The provider's status passes through
 * (200 = valid); its `message` (or the status text) explains a refusal. No answer at all reads as 502.
 */
export async function verifyNextProviderCredentials(options: {
  baseUrl: string | undefined;
  appKey: string;
  apiSecret: string;
  signal?: AbortSignal;
}): Promise<TVerifyPaymentCredentialsAnswer> {
  if (!options.baseUrl)
    return { status_code: 503, message: 'No payment provider connection is configured on this server (PAYMENT_NEXT_API_URL).' };
  let res: Response;
  try {
    res = await fetch(`${options.baseUrl}/v1/credentials/verify`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.appKey}:${options.apiSecret}`).toString('base64')}`,
        accept: 'application/json',
      },
      signal: timeoutSignal(VERIFY_TIMEOUT_MS, options.signal),
    });
  } catch (err) {
    return { status_code: 502, message: `The payment provider could not be reached: ${describeFetchFailure(err)}.` };
  }
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof body?.message === 'string' && body.message.trim() ? body.message.trim().slice(0, 500) : res.statusText || 'No message';
  return { status_code: res.status, message: res.status === 200 ? message || 'OK' : message };
}
