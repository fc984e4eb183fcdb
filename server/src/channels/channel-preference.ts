import type { TChannel } from '@cd/contracts/customer';

/**
 * Order in which channels are preferred when a customer has no preference of their own. Here, below the modules,
 * because messages (choosing a channel) and users (listing the company's channels) both read it.
 */
// webchat last: it reaches only website visitors (their preferred channel); listed so the composer offers it to them.
export const CHANNEL_PREFERENCE: TChannel[] = ['sms_provider', 'sms_gateway', 'whatsapp', 'viber', 'simulator', 'webchat'];
