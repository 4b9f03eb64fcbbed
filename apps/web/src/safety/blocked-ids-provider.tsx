import type { ReactNode } from 'react';
import { BlockedIdsContext, useBlockedIdsQuery } from './use-blocks';

/** Hands the signed-in user's blocked ids down to the bubbles of a conversation. */
export function BlockedIdsProvider({ children }: { children: ReactNode }) {
  return <BlockedIdsContext.Provider value={useBlockedIdsQuery()}>{children}</BlockedIdsContext.Provider>;
}
