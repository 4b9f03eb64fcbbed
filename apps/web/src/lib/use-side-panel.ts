import { useState } from 'react';
import { MEDIUM_SCREEN, useMediaQuery } from './use-media-query';
import { useRememberedFlag } from './use-remembered-flag';

/**
 * A panel beside the chat (the chat's profile, a room's members; decision 0009): from medium width up
 * a side panel a header button opens and closes, remembered under `storageKey` (open at first);
 * below it the panel replaces the chat until 'Back to chat'.
 */
export function useSidePanel(storageKey: string) {
  const beside = useMediaQuery(MEDIUM_SCREEN, true);
  const [panelOpen, setPanelOpen] = useRememberedFlag(storageKey, true);
  const [replacingChat, setReplacingChat] = useState(false);
  return {
    beside,
    open: beside ? panelOpen : replacingChat,
    toggle: () => (beside ? setPanelOpen(!panelOpen) : setReplacingChat((open) => !open)),
    backToChat: () => setReplacingChat(false),
  };
}
