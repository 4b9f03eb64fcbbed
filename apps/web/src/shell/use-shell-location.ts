import { matchPath, useLocation } from 'react-router';
import { stripAt } from '@agentroom/shared';

export interface ShellLocation {
  /** The team in the address (/t/:handle/…), if any. */
  teamHandle?: string;
  /** The agent of the open chat (/p/:username or /t/:handle/p/:username), without '@'. */
  chatUsername?: string;
  /** The open room (/t/:handle/r/:room), by name. */
  roomName?: string;
}

/**
 * Where the user is, read from the address. The shell is a layout above the pages' routes, so it
 * reads the path itself rather than relying on which child route's params reach it.
 */
export function useShellLocation(): ShellLocation {
  const { pathname } = useLocation();
  const teamChat = matchPath('/t/:handle/p/:username', pathname);
  if (teamChat) return { teamHandle: teamChat.params.handle, chatUsername: stripAt(teamChat.params.username ?? '') };
  const room = matchPath('/t/:handle/r/:room', pathname);
  if (room) return { teamHandle: room.params.handle, roomName: room.params.room };
  const personalChat = matchPath('/p/:username', pathname);
  if (personalChat) return { chatUsername: stripAt(personalChat.params.username ?? '') };
  const team = matchPath({ path: '/t/:handle', end: false }, pathname);
  return { teamHandle: team?.params.handle };
}

/** Whether a chat link is the chat on screen (handles and usernames compare case-insensitively). */
export function isOpenChat(location: ShellLocation, username: string, teamHandle?: string): boolean {
  return (
    location.chatUsername?.toLowerCase() === username.toLowerCase() &&
    (location.teamHandle?.toLowerCase() ?? '') === (teamHandle?.toLowerCase() ?? '')
  );
}

/** Whether a room link is the room on screen. */
export function isOpenRoom(location: ShellLocation, teamHandle: string, roomName: string): boolean {
  return location.roomName?.toLowerCase() === roomName.toLowerCase() && location.teamHandle?.toLowerCase() === teamHandle.toLowerCase();
}
