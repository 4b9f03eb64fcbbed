import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { closeSockets, createTeam as createPairTeam, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { chatWithAiAgent, collectStream, nextMessageFrom } from './ai-fixtures';
import { toolTurns } from './tool-fixtures';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', AI_TOOL_RESULT_MAX_CHARS: '600', AI_MAX_TOOL_STEPS: '2' });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

describe('a tool that runs on its own', () => {
  it('runs, the next model call carries its result, the reply keeps the step and the stream carried it', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const before = llm.requests.length;
    llm.script({ chunks: ['Let me check.'], toolCalls: [{ id: 'call_team', name: 'list_team_members', arguments: '{}' }] }, { chunks: ['Two of us.'] });
    const stream = collectStream(socket);
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'Who is in my team?');
    const stored = await reply;
    const events = await stream.done;

    expect(llm.requests[before]!.tools?.map((t) => t.function.name)).toEqual(['search_messages', 'read_history', 'list_team_members']);
    const second = llm.requests[before + 1]!;
    const assistant = second.messages.find((m) => m.role === 'assistant' && m.tool_calls);
    expect(assistant).toMatchObject({ content: 'Let me check.', tool_calls: [{ id: 'call_team', function: { name: 'list_team_members', arguments: '{}' } }] });
    const [result] = toolTurns(second);
    expect(result).toContain(user.username);
    expect(result).toContain('Marlow');
    expect(stored.content).toBe('Let me check.\n\nTwo of us.');
    expect(stored.toolSteps).toEqual([
      expect.objectContaining({ tool: 'list_team_members', label: "Listed the team's people and agents", status: 'done', arguments: '{}', isError: false }),
    ]);
    expect(events.some((e) => e.steps?.[0]?.status === 'running')).toBe(true);
    expect(events.at(-1)?.steps?.[0]?.status).toBe('done');
  });

  it('tells the model of malformed arguments and of an unknown tool, running neither', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const before = llm.requests.length;
    llm.script(
      { toolCalls: [{ name: 'search_messages', arguments: '{"query": ' }, { name: 'launch_rockets', arguments: '{}' }, { name: 'read_history', arguments: '[1]' }] },
      { chunks: ['Sorry.'] },
    );
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'Search please');
    const stored = await reply;
    const results = toolTurns(llm.requests[before + 1]!);
    expect(results[0]).toMatch(/not valid JSON/);
    expect(results[1]).toBe('Unknown tool: launch_rockets');
    expect(results[2]).toMatch(/must be a JSON object/);
    expect(stored.toolSteps?.map((s) => [s.tool, s.status, s.isError])).toEqual([
      ['search_messages', 'error', true],
      ['launch_rockets', 'error', true],
      ['read_history', 'error', true],
    ]);
    expect(stored.toolSteps?.[0]?.arguments).toBe('{"query": ');
  });

  it('cuts a huge result at AI_TOOL_RESULT_MAX_CHARS and says so', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const answered = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'knot '.repeat(300));
    await answered;
    const before = llm.requests.length;
    llm.script({ toolCalls: [{ name: 'read_history', arguments: '{"before_seq": 100000}' }] }, { chunks: ['Done.'] });
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'Everything we said?');
    const stored = await reply;
    const [result] = toolTurns(llm.requests[before + 1]!);
    expect(result).toMatch(/\n\[result cut at 600 characters\]$/);
    expect(result!.length).toBe(600 + '\n[result cut at 600 characters]'.length);
    expect(stored.toolSteps?.[0]).toMatchObject({ label: 'Read earlier messages', status: 'done' });
  });

  it('stops offering tools after AI_MAX_TOOL_STEPS steps: one last call without tools, and the reply says the limit', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const before = llm.requests.length;
    const again = { toolCalls: [{ name: 'list_team_members', arguments: '{}' }] };
    llm.script(again, again, { chunks: ['Stopping here.'] });
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'Keep checking');
    const stored = await reply;
    expect(llm.requests.length - before).toBe(3);
    expect(llm.requests[before + 1]!.tools).toBeDefined();
    expect(llm.requests[before + 2]!.tools).toBeUndefined();
    expect(toolTurns(llm.requests[before + 2]!)).toHaveLength(2);
    expect(stored).toMatchObject({ content: 'Stopping here.', stepLimit: 2 });
    expect(stored.toolSteps).toHaveLength(2);
  });

  it('answers in text when the model server refuses tools (400)', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const before = llm.requests.length;
    llm.script({ status: 400 }, { chunks: ['Plain answer.'] });
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'Hello?');
    const stored = await reply;
    expect(llm.requests[before]!.tools).toBeDefined();
    expect(llm.requests[before + 1]!.tools).toBeUndefined();
    expect(stored).toMatchObject({ content: 'Plain answer.', messageType: 'text' });
    expect(stored.toolSteps).toBeUndefined();
  });
});

describe('search_messages searches as the person who asked', () => {
  it('never returns a message of a conversation that person is not in', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    // Two strangers to the person talk about the same word.
    const a = await signUpVerified(server, 'stranger');
    const b = await signUpVerified(server, 'stranger');
    await createPairTeam(server, [a.agentId, b.agentId]);
    const theirs = await startConversation(server, a, { agentId: b.agentId });
    await sendMessage(server, a, theirs.id, 'zanzibar secret-omega-plan');
    const mine = await sendMessage(server, user, conversation.id, 'zanzibar picnic on friday');
    await nextMessageFrom(socket, agent.id); // the agent's answer to that one
    expect(mine.content).toContain('picnic');

    const before = llm.requests.length;
    llm.script({ toolCalls: [{ name: 'search_messages', arguments: '{"query":"zanzibar"}' }] }, { chunks: ['Found it.'] });
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'When was the zanzibar thing?');
    const stored = await reply;
    const [result] = toolTurns(llm.requests[before + 1]!);
    expect(result).toContain('picnic');
    expect(result).not.toContain('omega');
    expect(stored.toolSteps?.[0]).toMatchObject({ label: "Searched messages for 'zanzibar'", status: 'done' });
  });
});
