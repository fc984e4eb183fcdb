import { z } from 'zod';
import { ZMessageRefSchema } from './refs';

/** A simulated phone's conversation (GET /api/simulator/conversations); its messages are message resources. */
export const ZSimulatorConversationSchema = z.object({
  customerId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  optOut: z.boolean(),
  messages: z.array(ZMessageRefSchema),
});
export type TSimulatorConversation = z.infer<typeof ZSimulatorConversationSchema>;
