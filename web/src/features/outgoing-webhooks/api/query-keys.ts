/** Cache keys of the outgoing-webhooks feature; every change addresses them by prefix. */
export const webhookKeys = {
  all: ['outgoing-webhooks'] as const,
  list: ['outgoing-webhooks', 'list'] as const,
  deliveries: (endpointId: number) => ['outgoing-webhooks', 'deliveries', endpointId] as const,
};
