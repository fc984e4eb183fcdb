import type { TChannelAdapter } from '../channel.types';

/**
 * The embedded default channel: outbound messages are "delivered" to simulated phones (the phone simulator
 * page shows them). The provider id is derived from our message id, so a resend after a crash is the same send.
 */
export function createSimulatorChannel(opts: { enabled: boolean }): TChannelAdapter {
  return {
    channel: 'simulator',
    isAvailable: () => opts.enabled,
    canReach: (c) => !!c.phone,
    async send(message) {
      if (message.alertKey) return { providerMessageId: `SIMALERT${message.company.id}-${message.alertKey}`, status: 'SENT' };
      return { providerMessageId: `SIM${message.company.id}-${message.messageId}`, status: 'SENT' };
    },
    async findSent() {
      return null;
    },
  };
}
