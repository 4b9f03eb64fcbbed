import type { ModelContentPart, ModelMessage } from './provider';

export interface PersonaAgent {
  firstName: string;
  lastName: string;
  username: string;
  role: string;
  personality: string;
}

export interface HistoryMessage {
  fromAgent: boolean;
  /** Rooms: who wrote it, e.g. "Maya Lee (person)" ('' for the agent's own turns and outside rooms). */
  senderName: string;
  content: string;
  /** The parts its files add (text blocks, images), already within their own share of the budget (files-for-reply). */
  files?: ModelContentPart[];
}

/** A room the agent answers in: its name and topic, its team, and the other members. */
export interface RoomSetting {
  name: string;
  topic: string;
  teamName: string;
  /** Everyone else in the room, e.g. { name: 'Sage (AI agent)', username: 'sage' }. */
  members: { name: string; username: string }[];
}

/**
 * Where the agent answers: a room (its setting) or a 1:1 (none), and whether in one of its threads
 * (decision 0026): then the history is the thread's root followed by its replies, nothing else.
 */
export interface ReplyPlace {
  room?: RoomSetting;
  inThread?: boolean;
}

/** Rough token estimate (about 4 characters a token) — enough to keep a context inside a budget. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function threadLine(room: RoomSetting | undefined): string {
  const where = room ? `#${room.name}` : 'this conversation';
  return `You are answering in a thread of ${where}: the first message below is the one the thread started from, the others are the thread's replies. ${room ? "The room's other messages are not shown here." : ''}`.trim();
}

function systemPrompt(agent: PersonaAgent, { room, inThread }: ReplyPlace): string {
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;
  const lines = [`You are ${name} (@${agent.username}), ${agent.role} in a team workspace called Agentroom.`, `Personality: ${agent.personality}`];
  if (room) {
    lines.push(
      `You are in the room #${room.name} of the team ${room.teamName}${room.topic ? ` (topic: ${room.topic})` : ''}, with these members: ${room.members.map((m) => `${m.name} @${m.username}`).join(', ') || 'nobody else'}.`,
      "Each message from someone else starts with their name and whether they are a person or an AI agent. Write only your own answer, without your name in front.",
      'Stay in this persona. Answer the latest message addressed to you directly and helpfully. To ask another AI agent of the room, @mention them; do so only when you need them.',
    );
  } else {
    lines.push('Stay in this persona. Answer the person you are chatting with directly and helpfully.');
  }
  if (inThread) lines.push(threadLine(room));
  lines.push('Use Markdown when it helps (lists, code blocks); keep answers focused.');
  return lines.join('\n');
}

const turnText = (message: HistoryMessage) => (message.senderName ? `${message.senderName}: ${message.content}` : message.content);
const roleOf = (message: HistoryMessage) => (message.fromAgent ? 'assistant' : 'user');

/**
 * System prompt + the most recent turns that fit in `budgetTokens`, oldest first.
 * The newest message is always kept, even alone over budget (truncated from its start). A turn's
 * files ride with it and are not counted here: their share was taken out of the budget before.
 * `lead` (a thread's root) comes first whatever the budget: what the thread is about; the turns
 * share what it leaves.
 */
export function buildContext(agent: PersonaAgent, history: HistoryMessage[], budgetTokens: number, place: ReplyPlace = {}, lead?: HistoryMessage): ModelMessage[] {
  const systemText = systemPrompt(agent, place);
  const system: ModelMessage = { role: 'system', content: systemText };
  let remaining = budgetTokens - estimateTokens(systemText);
  const leading: ModelMessage[] = [];
  if (lead) {
    const text = turnText(lead);
    remaining -= estimateTokens(text);
    leading.push({ role: roleOf(lead), content: withFiles(text, lead) });
  }
  const turns: ModelMessage[] = [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i]!;
    const content = turnText(message);
    const role = roleOf(message);
    const cost = estimateTokens(content);
    if (cost > remaining) {
      if (turns.length === 0) turns.push({ role, content: withFiles(content.slice(-Math.max(remaining, 200) * 4), message) });
      break;
    }
    remaining -= cost;
    turns.push({ role, content: withFiles(content, message) });
  }
  return [system, ...leading, ...turns.reverse()];
}

/**
 * A turn's text with its files after it: one string when they are all text (every OpenAI-compatible
 * server takes that), parts when an image is among them. Only a person's turn carries images.
 */
function withFiles(content: string, message: HistoryMessage): ModelMessage['content'] {
  const files = message.fromAgent ? (message.files ?? []).filter((p) => p.type === 'text') : (message.files ?? []);
  if (files.length === 0) return content;
  const parts: ModelContentPart[] = [...(content ? [{ type: 'text' as const, text: content }] : []), ...files];
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n\n');
  return parts;
}
