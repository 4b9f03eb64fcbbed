import { MESSAGE_GROUP_WINDOW_MS } from '../constants';

export interface GroupableMessage {
  timestamp: string;
  sender: { id: string };
}

export interface MessageGroup<M extends GroupableMessage> {
  senderId: string;
  messages: M[];
}

/** Consecutive messages from one sender, each within 60 s of the previous, form a group. */
export function groupMessages<M extends GroupableMessage>(messages: readonly M[], windowMs = MESSAGE_GROUP_WINDOW_MS): MessageGroup<M>[] {
  const groups: MessageGroup<M>[] = [];
  let previous: M | undefined;
  for (const message of messages) {
    const current = groups[groups.length - 1];
    const gap = previous ? Date.parse(message.timestamp) - Date.parse(previous.timestamp) : Infinity;
    if (current && previous?.sender.id === message.sender.id && gap >= 0 && gap <= windowMs) current.messages.push(message);
    else groups.push({ senderId: message.sender.id, messages: [message] });
    previous = message;
  }
  return groups;
}
