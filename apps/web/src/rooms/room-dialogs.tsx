import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { TTeam } from '@agentroom/shared';
import { BrowseRoomsDialog, CreateRoomDialog } from './lazy-room-dialogs';

interface RoomDialogs {
  openCreate: () => void;
  openBrowse: () => void;
}

const RoomDialogsContext = createContext<RoomDialogs | null>(null);

/**
 * The create-room and browse-rooms dialogs of the current team. Held here, above the app shell's
 * layouts, so moving between the sidebar and the phone drawer (a resize across the breakpoint) never
 * closes one with a half-typed room in it; the buttons that open them live in the sidebar.
 */
export function RoomDialogsProvider({ team, children }: { team: TTeam | undefined; children: ReactNode }) {
  const [open, setOpen] = useState<'create' | 'browse' | null>(null);
  const value = useMemo<RoomDialogs>(() => ({ openCreate: () => setOpen('create'), openBrowse: () => setOpen('browse') }), []);
  const onOpenChange = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <RoomDialogsContext.Provider value={value}>
      {children}
      {team && (
        <>
          <CreateRoomDialog key={`create-${team.id}`} team={team} open={open === 'create'} onOpenChange={onOpenChange} />
          <BrowseRoomsDialog team={team} open={open === 'browse'} onOpenChange={onOpenChange} />
        </>
      )}
    </RoomDialogsContext.Provider>
  );
}

/** Opens the current team's create-room or browse-rooms dialog. */
export function useRoomDialogs(): RoomDialogs {
  const dialogs = useContext(RoomDialogsContext);
  if (!dialogs) throw new Error('useRoomDialogs needs a RoomDialogsProvider (the app shell)');
  return dialogs;
}
