import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { TConversation } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { chatStartCalls, renderChatPage } from '../test/chat-render';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

// Toasts are rendered by the app shell, not here: the spy says whether one was raised.
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), message: vi.fn() } }));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', middleName: 'J', lastName: 'Chen', fullName: 'Maya J Chen', role: 'Product Designer', isHuman: true });
const CONVERSATION_ID = CHAT_ID;
const conversation = makeChat(me, maya);
const hello = chatMessage(1, 'Hello from Maya', senderOf(maya));
const firstPage = messagePage([hello]);
/**
 * The separate calls: the agent, the conversation, page 1. POST /chat/open is not among them, so it answers 404 and the page
 * falls back to them: the tests below cover that path, 'renders the chat from…' the single call.
 */
const routes = (extra: Record<string, ReturnType<typeof ok>> = {}) =>
  stubApi({
    ...chatStartCalls(maya, conversation, ok(messagePage([hello]))),
    [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
    ...extra,
  });

describe('chat page', () => {
  it('renders the chat from the single /chat/open answer: agent, conversation and page 1 in one round trip', async () => {
    const api = stubApi({
      'POST /chat/open': ok({ agent: maya, conversation, page: firstPage }),
      [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
    });
    renderChatPage(me);
    expect(await screen.findByTestId('message')).toHaveTextContent('Hello from Maya');
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(within(chat).getByRole('heading', { name: 'Maya J Chen' })).toBeInTheDocument();
    expect(within(chat).getByText('Product Designer')).toBeInTheDocument();
    expect(screen.getByText('Agent Activity: maya')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type a message...')).toBeInTheDocument();
    expect(api.callsTo('POST /chat/open').map((c) => c.body)).toEqual([{ username: 'maya' }]);
    // The blocked people load beside it (decision 0022): the chat never waits for them.
    expect(api.calls.filter((c) => c.method !== 'PUT' && c.path !== '/users/me/blocks').map((c) => `${c.method} ${c.path}`)).toEqual(['POST /chat/open']);
  });

  it('opens the team-scoped chat of /t/:handle/p/:username with one call too', async () => {
    const teamConversation = { ...conversation, conversationType: 'team-scoped', isTeamScoped: true } satisfies TConversation;
    const api = stubApi({
      'POST /chat/open': ok({ agent: maya, conversation: teamConversation, page: firstPage }),
      [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
    });
    renderChatPage(me, { path: '/t/demo/p/@maya', route: '/t/:handle/p/:username', state: { agent: maya } });
    expect(await screen.findByTestId('message')).toHaveTextContent('Hello from Maya');
    expect(api.callsTo('POST /chat/open').map((c) => c.body)).toEqual([{ username: 'maya', teamHandle: 'demo' }]);
    expect(api.callsTo(`POST /chat/conversations/${maya.id}/start`)).toHaveLength(0);
  });

  it('loads the agent by username, starts the personal conversation, then shows page 1', async () => {
    const api = routes();
    renderChatPage(me);
    expect(await screen.findByTestId('message')).toHaveTextContent('Hello from Maya');
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(within(chat).getByRole('heading', { name: 'Maya J Chen' })).toBeInTheDocument();
    expect(within(chat).getByText('Product Designer')).toBeInTheDocument();
    expect(within(chat).getByTitle('Disconnected')).toBeInTheDocument();
    expect(screen.getByText('Agent Activity: maya')).toBeInTheDocument();
    expect(document.title).toBe('Agentroom (beta) — Profile');
    expect(api.callsTo(`POST /chat/conversations/${maya.id}/start`)[0]!.body).toEqual({ conversationType: 'personal', isTeamScoped: false });
  });

  it('team-scoped from /t/:handle/p/:username, with the agent handed over by the card', async () => {
    const api = routes();
    renderChatPage(me, { path: '/t/demo/p/@maya', route: '/t/:handle/p/:username', state: { agent: maya } });
    expect(await screen.findByTestId('message')).toHaveTextContent('Hello from Maya');
    expect(api.callsTo('GET /agents/maya')).toHaveLength(0);
    expect(api.callsTo(`POST /chat/conversations/${maya.id}/start`)[0]!.body).toEqual({
      conversationType: 'team-scoped',
      isTeamScoped: true,
      teamHandle: 'demo',
    });
  });

  it('a failed send removes the pending message, shows the error once (inline, no toast), and restores the text', async () => {
    const user = userEvent.setup();
    const api = routes({ [`POST /chat/conversations/${CONVERSATION_ID}/messages/async`]: fail(500, 'Failed to send message', 'INTERNAL') });
    renderChatPage(me);
    await screen.findByTestId('message');
    const input = screen.getByPlaceholderText('Type a message...');
    await user.type(input, 'are you there?{Enter}');
    await waitFor(() => expect(input).toHaveValue('are you there?'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send message');
    expect(screen.getAllByText('Failed to send message')).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryAllByTestId('message').map((m) => m.textContent)).not.toContainEqual(expect.stringContaining('are you there?'));
    const body = api.callsTo(`POST /chat/conversations/${CONVERSATION_ID}/messages/async`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ content: 'are you there?', targetAgentId: maya.id });
    expect(body.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows recent messages in the profile as plain text that keeps underscores and asterisks', async () => {
    const markdown = { ...hello, content: 'Set **LLM_BASE_URL** in `.env`, see [the docs](https://example.com);\n\n- then 2*3*4\n- snake_case_name' };
    routes({
      [`GET /chat/conversations/${CONVERSATION_ID}/messages?page=1&limit=50`]: ok(messagePage([markdown])),
    });
    renderChatPage(me);
    const recent = await screen.findByRole('list', { name: 'Recent messages' });
    expect(within(recent).getByText(/^Set /)).toHaveTextContent(/^Set LLM_BASE_URL in \.env, see the docs; then 2\*3\*4 snake_case_name$/);
  });

  it('keeps the profile in a side panel the header opens and closes, and remembers the choice', async () => {
    routes();
    const user = userEvent.setup();
    const first = renderChatPage(me);
    await screen.findByTestId('message');
    expect(screen.getByRole('complementary', { name: 'Agent profile' })).toHaveTextContent('Agent Activity: maya');
    await user.click(screen.getByRole('button', { name: 'Hide profile' }));
    expect(screen.queryByRole('complementary', { name: 'Agent profile' })).not.toBeInTheDocument();
    // The conversation stays, whole.
    expect(screen.getByPlaceholderText('Type a message...')).toBeInTheDocument();
    first.unmount();

    renderChatPage(me);
    await screen.findByTestId('message');
    expect(screen.queryByText('Agent Activity: maya')).not.toBeInTheDocument();
    const show = screen.getByRole('button', { name: 'Show profile' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(screen.getByText('Agent Activity: maya')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide profile' })).toHaveAttribute('aria-controls', 'agent-profile');
  });

  it("says 'Error: Agent not found' for an unknown username", async () => {
    stubApi({ 'GET /agents/nobody': fail(404, 'Agent not found', 'NOT_FOUND') });
    renderChatPage(me, { path: '/p/@nobody' });
    expect(await screen.findByText('Error: Agent not found')).toBeInTheDocument();
    // Only the not-found state: nothing to type into, no profile with made-up activity.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText(/Agent Activity/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my teams' })).toHaveAttribute('href', '/');
  });
});
