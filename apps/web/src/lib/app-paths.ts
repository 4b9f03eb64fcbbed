/** Links to a chat: '/t/{handle}/p/@{username}' inside a team, '/p/@{username}' outside one. */
export function chatPath(username: string, teamHandle?: string): string {
  const chat = `/p/@${encodeURIComponent(username)}`;
  return teamHandle ? `/t/${encodeURIComponent(teamHandle)}${chat}` : chat;
}

/** A room's address: '/t/{handle}/r/{name}' (room names are already lowercase letters, digits and hyphens). */
export function roomPath(teamHandle: string, roomName: string): string {
  return `/t/${encodeURIComponent(teamHandle)}/r/${encodeURIComponent(roomName)}`;
}
