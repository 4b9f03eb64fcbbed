import { createContext, use, type ComponentType, type ReactNode } from 'react';
import type { TListMessage } from '@agentroom/shared';

/**
 * What a feature built on conversations adds to every conversation's messages and header (pins and
 * saved messages, decision 0026). Such a feature imports chat/, so chat/ cannot import it: the page's
 * route hands its parts down here. Absent (a component test), a conversation has none of them.
 */
export interface MessageAddOns {
  /** Among a text message's hover actions; `className` gives them the hover actions' look. */
  HoverActions: ComponentType<{ message: TListMessage; className: string }>;
  /** In a text message's bubble, above its text (e.g. that it is pinned). */
  BubbleMark: ComponentType<{ message: TListMessage; own: boolean }>;
  /** In the conversation's header (a 1:1's or a room's). */
  HeaderButton: ComponentType;
  /**
   * Around a conversation's pane, inside its provider: what the parts above share across its bubbles
   * (one query and one context for all of them, rather than queries in each of a chat's bubbles).
   */
  Scope: ComponentType<{ children: ReactNode }>;
}

export const MessageAddOnsContext = createContext<MessageAddOns | null>(null);
export const useMessageAddOns = () => use(MessageAddOnsContext);
