import { randomBytes } from 'node:crypto';
import type { LlmScript, RecordedRequest } from '@agentroom/testkit';
import { api } from '../support/api-client';
import { spawnWorker } from '../support/child-worker';
import { summarize, type LatencySummary } from '../support/stats';
import type { VariantContext } from '../support/variant';
import { toolPerson } from './reads-people';

type ReplyKind = 'plain' | 'tool';

export interface ToolOverheadResult {
  rounds: number;
  /** The built-in tool the model calls in the tool rounds, with its arguments. */
  tool: string;
  /** The person's send → the agent's stored reply on the person's socket, ms. */
  plain: LatencySummary;
  withTool: LatencySummary;
  /** Median with the tool − median without, ms and % of the plain median. */
  overheadMs: number;
  overheadPercent: number;
}

const MARK = /\[\[bench-(plain|tool)\]\] round (\d+)/g;
const TOOL = { name: 'search_messages', arguments: JSON.stringify({ query: 'launch plan' }) };

/** The reply the fake model gives to round `round` of `kind`: distinct per round, so the socket can tell replies apart. */
const answerOf = (kind: ReplyKind, round: number) => `Answer ${kind} ${round}: the launch plan is on track.`;

const textOf = (content: RecordedRequest['messages'][number]['content']) =>
  typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(' ');

/**
 * The fake model's script for the tool-overhead scenario (handed to `startFakeLlm({ pick })`): a
 * plain round is answered at once; a tool round first calls one built-in tool and answers once the
 * tool's result is back (the request then ends with a `tool` message). Other requests pass.
 */
export function toolOverheadPick(request: RecordedRequest): LlmScript | undefined {
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  const marks = [...textOf(lastUser?.content ?? null).matchAll(MARK)];
  const mark = marks[marks.length - 1];
  if (!mark) return undefined;
  const kind = mark[1] as ReplyKind;
  const answer = answerOf(kind, Number(mark[2]));
  if (kind === 'tool' && request.messages[request.messages.length - 1]?.role !== 'tool') return { toolCalls: [TOOL] };
  return { chunks: answer.split(/(?<= )/) };
}

/**
 * A person and an AI agent of their team in a 1:1 (the agent answers every message), the model the
 * testkit's fake: `toolRounds` plain replies and as many that call `search_messages` before
 * answering, interleaved (plain, tool, tool, plain, …), each timed from the person's send to the
 * stored reply on the person's socket.
 */
export async function runToolOverhead(ctx: VariantContext): Promise<ToolOverheadResult> {
  const { toolRounds, toolTimeoutMs } = ctx.settings.reads;
  const person = toolPerson(ctx);
  const url = ctx.apiUrls[0]!;
  const handle = `bench-${randomBytes(4).toString('hex')}`;
  await api(url, 'POST', '/teams', { name: 'Bench AI team', handle }, person.token);
  const { agent } = await api<{ agent: { id: string; username: string } }>(url, 'POST', `/teams/${handle}/agents`, { firstName: 'Tess' }, person.token);
  const open = await api<{ conversation: { id: string } }>(url, 'POST', '/chat/open', { username: agent.username, teamHandle: handle }, person.token);
  const worker = spawnWorker('tool-reply-worker.ts');
  const times: Record<ReplyKind, number[]> = { plain: [], tool: [] };
  try {
    await worker.call({ cmd: 'setup', url, token: person.token, conversationId: open.conversation.id });
    const round = async (kind: ReplyKind, n: number) => {
      const { ms } = await worker.call<{ ms: number }>({
        cmd: 'round',
        content: `[[bench-${kind}]] round ${n}: where are we with the launch plan?`,
        agentId: agent.id,
        expected: answerOf(kind, n),
        timeoutMs: toolTimeoutMs,
      });
      return ms;
    };
    // One of each first, untimed: the first reply pays for cold paths.
    await round('plain', 0);
    await round('tool', 0);
    for (let n = 1; n <= toolRounds; n++) {
      const order: ReplyKind[] = n % 2 === 1 ? ['plain', 'tool'] : ['tool', 'plain'];
      for (const kind of order) times[kind].push(await round(kind, n));
    }
  } finally {
    await worker.call({ cmd: 'close' }).catch(() => undefined);
    await worker.stop();
  }
  const plain = summarize(times.plain);
  const withTool = summarize(times.tool);
  const overheadMs = Math.round((withTool.p50 - plain.p50) * 10) / 10;
  const result = { rounds: toolRounds, tool: `${TOOL.name} ${TOOL.arguments}`, plain, withTool, overheadMs, overheadPercent: Math.round((overheadMs / plain.p50) * 1000) / 10 };
  ctx.log(`tool-overhead: plain reply p50 ${plain.p50} ms, with one tool call p50 ${withTool.p50} ms: +${overheadMs} ms (${result.overheadPercent} %) over ${toolRounds} rounds each`);
  return result;
}
