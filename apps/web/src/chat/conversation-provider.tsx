import type { ReactNode } from 'react';
import { ConversationContexts } from './conversation-context';
import type { ConversationSource } from './conversation-source';
import { useConversationSession } from './use-conversation-session';

/**
 * Opens the conversation of `source` for the components below: they read it through the hooks of
 * conversation-context.tsx. The session's state lives here; what is passed in as children is not
 * rendered again when it changes, only the readers of the slices that did.
 */
export function ConversationProvider({ source, children }: { source: ConversationSource; children: ReactNode }) {
  return <ConversationContexts session={useConversationSession(source)}>{children}</ConversationContexts>;
}
