/** The full name from first, middle and last name; the username when there is none. */
export function fullNameOf(agent: { firstName?: string; middleName?: string; lastName?: string; username?: string }): string {
  const name = [agent.firstName, agent.middleName, agent.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || (agent.username ? `@${agent.username}` : '');
}
