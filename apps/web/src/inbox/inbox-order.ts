import type { TConversation } from '@agentroom/shared';

const activityOf = (conversation: TConversation) => conversation.lastMessageAt ?? conversation.createdAt;

/** Code-unit order: ISO timestamps and UUIDs sort right by it (localeCompare is collation, and slow). */
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Latest activity first, as the server orders them (ISO timestamps compare as strings). */
export function sortByActivity(conversations: readonly TConversation[]): TConversation[] {
  return [...conversations].sort((a, b) => compareStrings(activityOf(b), activityOf(a)) || compareStrings(b.id, a.id));
}
