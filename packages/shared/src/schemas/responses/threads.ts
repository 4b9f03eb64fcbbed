import { z } from 'zod';
import { ZChatMessage, ZConversation, ZSearchConversation, ZThreadPlace, ZThreadSummary, ZReactionAgent } from './chat';
import { ZIsoDateTime } from './users';

/** Threads, pins and saved messages (decision 0026): what the API answers. */

/** `POST /chat/messages/:id/thread`: the thread's conversation (made on first open) and its root message. */
export const ZOpenThreadResponse = z.strictObject({ thread: ZConversation, root: ZChatMessage }).meta({ id: 'OpenThreadResponse' });
export type TOpenThreadResponse = z.infer<typeof ZOpenThreadResponse>;

/** One thread of the caller's Threads view. */
export const ZFollowedThread = z
  .strictObject({
    place: ZThreadPlace,
    /** Where the root lives, enough to link to it (the search hit's descriptor). */
    conversation: ZSearchConversation,
    root: ZChatMessage,
    lastReply: ZChatMessage.nullable(),
    replyCount: z.number().int().nonnegative(),
    /** Replies past the caller's read cursor in the thread. */
    unreadCount: z.number().int().nonnegative(),
    unreadMentions: z.number().int().nonnegative(),
    lastReplyAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'FollowedThread' });
export type TFollowedThread = z.infer<typeof ZFollowedThread>;

export const ZFollowedThreadsResponse = z
  .strictObject({
    threads: z.array(ZFollowedThread),
    /** Followed threads with unread replies (the sidebar's badge), over all pages. */
    unreadThreads: z.number().int().nonnegative(),
    /** Pass as `before` for the next page; null at the end. */
    nextBefore: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'FollowedThreadsResponse' });
export type TFollowedThreadsResponse = z.infer<typeof ZFollowedThreadsResponse>;

export const ZFollowThreadResponse = z.strictObject({ following: z.boolean() }).meta({ id: 'FollowThreadResponse' });
export type TFollowThreadResponse = z.infer<typeof ZFollowThreadResponse>;

export const ZPin = z
  .strictObject({ message: ZChatMessage, pinnedBy: ZReactionAgent.nullable(), pinnedAt: ZIsoDateTime })
  .meta({ id: 'Pin' });
export type TPin = z.infer<typeof ZPin>;

/** A conversation's pins, newest pinned first. */
export const ZPinsResponse = z.strictObject({ pins: z.array(ZPin) }).meta({ id: 'PinsResponse' });
export type TPinsResponse = z.infer<typeof ZPinsResponse>;

export const ZPinResponse = z.strictObject({ pin: ZPin.nullable() }).meta({ id: 'PinResponse' });
export type TPinResponse = z.infer<typeof ZPinResponse>;

export const ZSavedMessage = z
  .strictObject({ message: ZChatMessage, conversation: ZSearchConversation, savedAt: ZIsoDateTime })
  .meta({ id: 'SavedMessage' });
export type TSavedMessage = z.infer<typeof ZSavedMessage>;

/** The caller's saved messages that they can still read, newest saved first. */
export const ZSavedMessagesResponse = z
  .strictObject({ saved: z.array(ZSavedMessage), nextBefore: ZIsoDateTime.nullable() })
  .meta({ id: 'SavedMessagesResponse' });
export type TSavedMessagesResponse = z.infer<typeof ZSavedMessagesResponse>;

export const ZSaveMessageResponse = z.strictObject({ saved: z.boolean() }).meta({ id: 'SaveMessageResponse' });
export type TSaveMessageResponse = z.infer<typeof ZSaveMessageResponse>;

// ---- socket events ----

/** `thread:updated`, to the root's conversation room: a thread got a reply (or lost one). */
export const ZThreadUpdatedEvent = z
  .strictObject({ conversationId: z.uuid(), rootMessageId: z.uuid(), thread: ZThreadSummary })
  .meta({ id: 'ThreadUpdatedEvent' });
export type TThreadUpdatedEvent = z.infer<typeof ZThreadUpdatedEvent>;

/** `conversation:pins`, to the conversation room: a message was pinned or unpinned (refetch the list). */
export const ZPinsChangedEvent = z
  .strictObject({ conversationId: z.uuid(), messageId: z.uuid(), pinned: z.boolean() })
  .meta({ id: 'PinsChangedEvent' });
export type TPinsChangedEvent = z.infer<typeof ZPinsChangedEvent>;
