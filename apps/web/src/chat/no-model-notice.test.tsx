import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NO_MODEL_SETUP_HINT } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { chatStartCalls, renderChatPage } from '../test/chat-render';
import { chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { myTeamsKey } from '../teams/use-my-teams';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const team = makeTeam();
const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'nova', firstName: 'Nova', fullName: 'Nova', ownerTeamId: team.id });
const CONVERSATION_ID = '0193a0c4-0000-7000-8000-0000000000c2';
const conversation = makeChat(me, nova, { id: CONVERSATION_ID });

/** A notice stored by an older server, with the set-up details in its text: the client says it kindly anyway. */
const notice = chatMessage(
  1,
  'This agent has no model configured, so it cannot answer yet. Set LLM_BASE_URL (or run Ollama locally) and try again.',
  senderOf(nova),
  {
    conversationId: CONVERSATION_ID,
    messageType: 'notice',
    clientMessageId: 'ai-reply:0193a0c4-0000-7000-8000-0000000000e1',
    notice: { code: 'no_model', retryable: false },
  },
);

function openChatWithNova(myRole: string) {
  const api = stubApi({
    ...chatStartCalls(nova, conversation, ok(messagePage([notice]))),
    'GET /teams': ok({ teams: [{ ...team, myRole, canManage: myRole !== 'member' }] }),
    [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
  });
  const view = renderChatPage(me, { path: '/p/@nova' });
  /** Resolves once the team list (which says who owns Nova's team) has arrived. */
  const teamsLoaded = () => vi.waitFor(() => expect(view.queryClient.getQueryState(myTeamsKey(me.id))?.status).toBe('success'));
  return { api, teamsLoaded };
}

describe('an AI agent with no language model', () => {
  it('tells a member kindly, by name, with no configuration details', async () => {
    const { teamsLoaded } = openChatWithNova('member');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent("Nova isn't connected to a language model yet");
    await teamsLoaded();
    expect(note).not.toHaveTextContent(/LLM_BASE_URL|Ollama/);
    expect(screen.queryByTestId('model-setup-hint')).not.toBeInTheDocument();
    // The profile's recent messages say it the same way.
    expect(screen.getByRole('list', { name: 'Recent messages' })).toHaveTextContent("Nova isn't connected to a language model yet");
    expect(screen.getByRole('list', { name: 'Recent messages' })).not.toHaveTextContent('LLM_BASE_URL');
  });

  it("also tells an owner of the agent's team how to connect a model", async () => {
    openChatWithNova('owner');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent("Nova isn't connected to a language model yet");
    expect(await screen.findByTestId('model-setup-hint')).toHaveTextContent(NO_MODEL_SETUP_HINT);
    expect(NO_MODEL_SETUP_HINT).toContain('LLM_BASE_URL');
  });

  it('an admin who does not own the team gets no configuration details either', async () => {
    const { teamsLoaded } = openChatWithNova('admin');
    await screen.findByRole('note');
    await teamsLoaded();
    expect(screen.queryByTestId('model-setup-hint')).not.toBeInTheDocument();
  });
});
