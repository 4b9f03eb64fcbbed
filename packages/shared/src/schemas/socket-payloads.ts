import { z } from 'zod';
import { conversationIdOfRoom, isUuid } from '../validation';
import { safeString } from './text';

// ---- client → server socket payloads (validated by the server with these schemas) ----

export const ZRoomPayload = z.object({
  roomId: safeString().max(200).refine((room) => conversationIdOfRoom(room) !== undefined, {
    message: 'roomId must be conversation:<id>',
  }),
});
export type TRoomPayload = z.infer<typeof ZRoomPayload>;

export const ZTypingPayload = z.object({
  conversationId: safeString().refine(isUuid, { message: 'conversationId must be a conversation id' }),
  isTyping: z.boolean(),
});
export type TTypingPayload = z.infer<typeof ZTypingPayload>;
