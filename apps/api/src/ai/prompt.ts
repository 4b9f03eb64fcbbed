import type { ModelMessage } from './provider';

export interface PersonaAgent {
  firstName: string;
  lastName: string;
  username: string;
  role: string;
  personality: string;
}

export interface HistoryMessage {
  fromAgent: boolean;
  senderName: string;
  content: string;
}

/** Rough token estimate (about 4 characters a token) — enough to keep a context inside a budget. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function systemPrompt(agent: PersonaAgent): string {
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;
  return [
    `You are ${name} (@${agent.username}), ${agent.role} in a team workspace called Agentroom.`,
    `Personality: ${agent.personality}`,
    'Stay in this persona. Answer the person you are chatting with directly and helpfully.',
    'Use Markdown when it helps (lists, code blocks); keep answers focused.',
  ].join('\n');
}

/**
 * System prompt + the most recent turns that fit in `budgetTokens`, oldest first.
 * The newest message is always kept, even alone over budget (truncated from its start).
 */
export function buildContext(agent: PersonaAgent, history: HistoryMessage[], budgetTokens: number): ModelMessage[] {
  const system: ModelMessage = { role: 'system', content: systemPrompt(agent) };
  let remaining = budgetTokens - estimateTokens(system.content);
  const turns: ModelMessage[] = [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i]!;
    const turn: ModelMessage = { role: message.fromAgent ? 'assistant' : 'user', content: message.content };
    const cost = estimateTokens(turn.content);
    if (cost > remaining) {
      if (turns.length === 0) turns.push({ ...turn, content: turn.content.slice(-Math.max(remaining, 200) * 4) });
      break;
    }
    remaining -= cost;
    turns.push(turn);
  }
  return [system, ...turns.reverse()];
}
