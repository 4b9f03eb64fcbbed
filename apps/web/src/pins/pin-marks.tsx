import { createContext, use, useMemo, type ReactNode } from 'react';
import type { TConversation } from '@agentroom/shared';
import { useConversationInfo, useConversationList } from '../chat/conversation-context';
import { usePinActions, usePins, useSavedIds, useSaveActions } from './pin-queries';

/** The conversation the message's pins are kept in, when it can have any. */
export function pinsConversationOf(conversation: TConversation | undefined): string | undefined {
  return conversation && conversation.conversationType !== 'thread' && !conversation.thread ? conversation.id : undefined;
}

/** What every bubble of one conversation reads about pins and saved messages. */
interface PinMarks {
  pinned: ReadonlySet<string>;
  saved: ReadonlySet<string>;
  pins: ReturnType<typeof usePinActions>;
  saves: ReturnType<typeof useSaveActions>;
}

const PinMarksContext = createContext<PinMarks | null>(null);

const NONE: ReadonlySet<string> = new Set();

/**
 * One pins query, one saved-ids query and one pair of actions for all of a conversation's bubbles:
 * as queries and mutations of each bubble they cost a phone's first screen more than the bubbles'
 * own drawing (five observers a bubble). A change re-renders the bubbles' marks and actions only.
 */
export function PinMarksScope({ children }: { children: ReactNode }) {
  const conversationId = pinsConversationOf(useConversationInfo().conversation);
  const hasMessages = useConversationList().messages.length > 0;
  const pinsList = usePins(conversationId).data;
  const savedIds = useSavedIds(hasMessages);
  const pins = usePinActions(conversationId);
  const saves = useSaveActions();
  const pinned = useMemo(() => (pinsList ? new Set(pinsList.map((pin) => pin.message.id)) : NONE), [pinsList]);
  const saved = useMemo(() => (savedIds ? new Set(savedIds) : NONE), [savedIds]);
  // The actions' functions are made anew each render; what they do changes only with these.
  const value = useMemo(() => ({ pinned, saved, pins, saves }), [pinned, saved, pins.pendingId, saves.pendingId, conversationId]); // eslint-disable-line react-hooks/exhaustive-deps
  return <PinMarksContext value={value}>{children}</PinMarksContext>;
}

/** The conversation's pin marks (none outside a PinMarksScope). */
export const usePinMarks = (): PinMarks | null => use(PinMarksContext);
