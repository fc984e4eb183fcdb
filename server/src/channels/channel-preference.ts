import type { TChannel } from '@cd/contracts/customer';

/**
 * Order in which channels are preferred when a customer has no preference of their own. Here, below the modules,
 * because messages (choosing a channel) and users (listing the company's channels) both read it.
 */
export const CHANNEL_PREFERENCE: TChannel[] = ['sms_provider', 'sms_gateway', 'whatsapp', 'viber', 'simulator'];
