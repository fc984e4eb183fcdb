import { z } from 'zod';
import { ZMessageSchema } from './message';

/** A simulated phone's conversation (GET /api/simulator/conversations); its messages are message resources. */
export const ZSimulatorConversationSchema = z.object({
  customerId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  optOut: z.boolean(),
  messages: z.array(ZMessageSchema),
});
export type TSimulatorConversation = z.infer<typeof ZSimulatorConversationSchema>;
