import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { conversationPage, makeConversation, makeMessage, me, withLast } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { usePageTitle } from '../lib/use-page-title';
import { RealtimeContext } from '../realtime/realtime-context';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import AppShell from './app-shell';

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true, isOnline: true });
const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'nova', fullName: 'Nova', isHuman: false, isOnline: false });
const omar = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b4', username: 'omar', firstName: 'Omar', lastName: 'Haddad', fullName: 'Omar Haddad', isHuman: true });
const team = makeTeam();

const WITH_MAYA = '0193a0c4-0000-7000-8000-0000000000c1';
const WITH_NOVA = '0193a0c4-0000-7000-8000-0000000000c2';
const WITH_OMAR = '0193a0c4-0000-7000-8000-0000000000c3';
const LIST = 'GET /chat/conversations?page=1&limit=100';

/** Maya (personal, 2 unread, Markdown), Nova (team-scoped, my message last), Omar (no messages yet). */
function conversations() {
  const fromMaya = makeMessage(WITH_MAYA, 3, 'Set **LLM_BASE_URL** in `.env`, then 2*3*4', maya, '2025-03-03T10:00:00.000Z');
  const toNova = makeMessage(WITH_NOVA, 7, 'Thanks, _that_ helps', me.agent, '2025-03-03T11:00:00.000Z');
  return {
    maya: withLast(makeConversation(WITH_MAYA, maya), fromMaya, 2),
    nova: withLast(makeConversation(WITH_NOVA, nova, { conversationType: 'team-scoped', isTeamScoped: true, team: { id: team.id, handle: 'demo', name: 'Demo Team' } }), toNova),
    omar: makeConversation(WITH_OMAR, omar, { createdAt: '2025-03-03T09:00:00.000Z' }),
  };
}

function Page({ name }: { name: string }) {
  usePageTitle(name);
  return <p>{name} page</p>;
}

function renderShell(path: string, api: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({
    'GET /teams': ok({ teams: [team] }),
    'GET /teams/demo': ok({ team }),
    'GET /teams/demo/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'owner', joinedAt: team.createdAt }), maya, omar, nova] }),
    'GET /users/me': ok({ profile: { id: me.id, username: me.username, email: me.email, profile: me.profile, agent: me.agent } }),
    ...api,
  });
  const socket = new FakeSocket();
  const shell = (
    <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
      <AppShell />
    </RealtimeContext.Provider>
  );
  const view = renderRoutes(
    [
      {
        element: shell,
        children: [
          { path: '/p/:username', element: <Page name="Profile" /> },
          { path: '/t/:handle/p/:username', element: <Page name="Profile" /> },
          { path: '/t/:handle', element: <Page name="Demo Team" /> },
        ],
      },
    ],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api: calls, socket };
}

const conversationRows = () => within(screen.getByRole('region', { name: 'Conversations' })).queryAllByTestId('conversation');
const rowOf = (name: string) => conversationRows().find((row) => row.textContent?.includes(name))!;
const namesInOrder = () => conversationRows().map((row) => within(row).getAllByText(/^(Maya Chen|Nova|Omar Haddad)$/)[0]!.textContent);

describe('app shell sidebar', () => {
  it('lists my conversations by last message with presence, name, team, a plain-text snippet and unread badge; the open one is current', async () => {
    const { maya: withMaya, nova: withNova, omar: withOmar } = conversations();
    const { api } = renderShell('/t/demo/p/@nova', {
      // Paged: the second page is fetched too; the server's order does not matter, the last message does.
      [LIST]: ok(conversationPage([withOmar, withMaya], true)),
      'GET /chat/conversations?page=2&limit=100': ok(conversationPage([withNova], false, 2)),
    });

    await waitFor(() => expect(conversationRows()).toHaveLength(3));
    expect(namesInOrder()).toEqual(['Nova', 'Maya Chen', 'Omar Haddad']);
    expect(api.callsTo('GET /chat/conversations?page=2&limit=100')).toHaveLength(1);

    const mayaRow = rowOf('Maya Chen');
    expect(within(mayaRow).getByTestId('conversation-snippet')).toHaveTextContent(/^Set LLM_BASE_URL in \.env, then 2\*3\*4$/);
    expect(within(mayaRow).getByTestId('unread-badge')).toHaveTextContent('2 unread');
    expect(within(mayaRow).getByTitle('Online')).toBeInTheDocument();
    expect(mayaRow).toHaveAttribute('href', '/p/@maya');

    const novaRow = rowOf('Nova');
    expect(novaRow).toHaveAttribute('aria-current', 'page');
    expect(novaRow).toHaveAttribute('href', '/t/demo/p/@nova');
    expect(novaRow).toHaveTextContent('Demo Team');
    expect(within(novaRow).getByTestId('conversation-snippet')).toHaveTextContent(/^You: Thanks, that helps$/);
    expect(within(novaRow).queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(within(rowOf('Omar Haddad')).getByTestId('conversation-snippet')).toHaveTextContent('New conversation');
    expect(mayaRow).not.toHaveAttribute('aria-current');

    // The title carries the total unread.
    await waitFor(() => expect(document.title).toBe('(2) Agentroom (beta) — Profile'));

    // The current team's people and AI agents (not me), each opening the team-scoped chat.
    const people = await screen.findByRole('region', { name: 'People' });
    expect(within(people).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/t/demo/p/@maya', '/t/demo/p/@omar']);
    const agents = screen.getByRole('region', { name: 'AI agents' });
    expect(within(agents).getByRole('link', { name: /Nova/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('teams-button')).toHaveTextContent('Demo Team');
    expect(screen.getByTestId('user-badge')).toBeInTheDocument();
  });

  it('says a deleted last message was deleted, and offers message search', async () => {
    const { maya: withMaya } = conversations();
    const deleted = { ...withMaya, unreadCount: 0, lastMessage: { ...withMaya.lastMessage!, content: '', deleted: true as const } };
    renderShell('/t/demo', { [LIST]: ok(conversationPage([deleted], false)) });

    await waitFor(() => expect(conversationRows()).toHaveLength(1));
    expect(within(rowOf('Maya Chen')).getByTestId('conversation-snippet')).toHaveTextContent(/^This message was deleted$/);
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
  });

  it('raises the badge and the title count live, on conversation:message and on message:received, and clears them when I have seen it', async () => {
    const { maya: withMaya, nova: withNova } = conversations();
    const { socket } = renderShell('/p/@nova', { [LIST]: ok(conversationPage([withNova, { ...withMaya, unreadCount: 0 }])) });
    await waitFor(() => expect(namesInOrder()).toEqual(['Nova', 'Maya Chen']));
    expect(within(rowOf('Maya Chen')).queryByTestId('unread-badge')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Agentroom (beta) — Profile'));

    // Sent to my agent room while the chat with Maya is not open.
    const question = makeMessage(WITH_MAYA, 4, 'Are you **there**?', maya, '2025-03-03T12:00:00.000Z');
    act(() => socket.serverSends('conversation:message', { conversationId: WITH_MAYA, message: question }));
    await waitFor(() => expect(namesInOrder()).toEqual(['Maya Chen', 'Nova']));
    expect(within(rowOf('Maya Chen')).getByTestId('unread-badge')).toHaveTextContent('1 unread');
    expect(within(rowOf('Maya Chen')).getByTestId('conversation-snippet')).toHaveTextContent(/^Are you there\?$/);
    await waitFor(() => expect(document.title).toBe('(1) Agentroom (beta) — Profile'));

    // A socket already in the conversation's room gets message:received instead; a repeat counts once.
    const followUp = makeMessage(WITH_MAYA, 5, 'Hello?', maya, '2025-03-03T12:01:00.000Z');
    act(() => socket.serverSends('message:received', followUp));
    act(() => socket.serverSends('conversation:message', { conversationId: WITH_MAYA, message: followUp }));
    await waitFor(() => expect(document.title).toBe('(2) Agentroom (beta) — Profile'));
    expect(within(rowOf('Maya Chen')).getByTestId('unread-badge')).toHaveTextContent('2 unread');

    // Maya seeing her own message changes nothing for me; my agent seeing it (here or in another tab) clears it.
    const seenBy = (agentId: string) => ({ conversationId: WITH_MAYA, messageId: followUp.id, agentId, agent: { id: agentId, firstName: '', lastName: '', avatarUrl: '' } });
    act(() => socket.serverSends('conversation:message:seen', seenBy(maya.id)));
    // Presence moves the dot; once it has, the seen event before it has been handled too.
    act(() => socket.serverSends('presence:changed', { agentId: maya.id, isOnline: false }));
    expect(await within(rowOf('Maya Chen')).findByTitle('Offline')).toBeInTheDocument();
    expect(within(rowOf('Maya Chen')).getByTestId('unread-badge')).toHaveTextContent('2 unread');
    act(() => socket.serverSends('conversation:message:seen', seenBy(me.agentId)));
    await waitFor(() => expect(within(rowOf('Maya Chen')).queryByTestId('unread-badge')).not.toBeInTheDocument());
    await waitFor(() => expect(document.title).toBe('Agentroom (beta) — Profile'));

    // My own message moves the conversation up without counting as unread.
    const mine = makeMessage(WITH_NOVA, 8, 'One more thing', me.agent, '2025-03-03T12:05:00.000Z');
    act(() => socket.serverSends('message:received', mine));
    await waitFor(() => expect(namesInOrder()).toEqual(['Nova', 'Maya Chen']));
    expect(within(rowOf('Nova')).queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(within(rowOf('Nova')).getByTestId('conversation-snippet')).toHaveTextContent('You: One more thing');

  });

  it('refetches for a conversation it does not know, after a reconnect and after a resync, and shows what it missed', async () => {
    const { maya: withMaya, nova: withNova, omar: withOmar } = conversations();
    const fromOmar = makeMessage(WITH_OMAR, 1, 'Welcome aboard', omar, '2025-03-03T13:00:00.000Z');
    const missedFromMaya = makeMessage(WITH_MAYA, 9, 'Sent while you were away', maya, '2025-03-03T14:00:00.000Z');
    const { api, socket } = renderShell('/p/@nova', {
      [LIST]: [
        ok(conversationPage([withNova, { ...withMaya, unreadCount: 0 }])),
        ok(conversationPage([withLast(withOmar, fromOmar, 1), withNova, { ...withMaya, unreadCount: 0 }])),
        ok(conversationPage([withLast(withMaya, missedFromMaya, 4), withLast(withOmar, fromOmar, 1), withNova])),
        ok(conversationPage([withLast(withMaya, missedFromMaya, 0), withLast(withOmar, fromOmar, 1), withNova])),
      ],
    });
    await waitFor(() => expect(namesInOrder()).toEqual(['Nova', 'Maya Chen']));

    // A message in a conversation the list has never seen (started by Omar just now).
    act(() => socket.serverSends('conversation:message', { conversationId: WITH_OMAR, message: fromOmar }));
    await waitFor(() => expect(namesInOrder()).toEqual(['Omar Haddad', 'Nova', 'Maya Chen']));
    expect(within(rowOf('Omar Haddad')).getByTestId('unread-badge')).toHaveTextContent('1 unread');
    expect(api.callsTo(LIST)).toHaveLength(2);

    // The socket comes back after being away: whatever was sent meanwhile is fetched.
    act(() => socket.serverSends('connect'));
    await waitFor(() => expect(within(rowOf('Maya Chen')).getByTestId('unread-badge')).toHaveTextContent('4 unread'));
    expect(namesInOrder()).toEqual(['Maya Chen', 'Omar Haddad', 'Nova']);
    await waitFor(() => expect(document.title).toBe('(5) Agentroom (beta) — Profile'));
    expect(api.callsTo(LIST)).toHaveLength(3);

    // Events between API nodes may have been lost: the server says so, the list is fetched again.
    act(() => socket.serverSends('sync:resync', { reason: 'realtime-restored' }));
    await waitFor(() => expect(within(rowOf('Maya Chen')).queryByTestId('unread-badge')).not.toBeInTheDocument());
    expect(api.callsTo(LIST)).toHaveLength(4);
    await waitFor(() => expect(document.title).toBe('(1) Agentroom (beta) — Profile'));
  });

  it('closes a conversation from its row; the next message there brings it back', async () => {
    const { maya: withMaya, nova: withNova } = conversations();
    const again = makeMessage(WITH_MAYA, 4, 'Still there?', maya, '2025-03-03T15:00:00.000Z');
    const { api, socket } = renderShell('/t/demo', {
      [LIST]: [ok(conversationPage([withNova, withMaya])), ok(conversationPage([withLast(withMaya, again, 3), withNova]))],
      [`PATCH /chat/conversations/${WITH_MAYA}/settings`]: ok({ settings: { notifyLevel: 'all', muted: false, closedSeq: 3 } }),
    });
    await waitFor(() => expect(namesInOrder()).toEqual(['Nova', 'Maya Chen']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close conversation with Maya Chen' }));
    await waitFor(() => expect(namesInOrder()).toEqual(['Nova']));
    expect(api.callsTo(`PATCH /chat/conversations/${WITH_MAYA}/settings`).map((c) => c.body)).toEqual([{ closed: true }]);

    act(() => socket.serverSends('conversation:message', { conversationId: WITH_MAYA, message: again }));
    await waitFor(() => expect(namesInOrder()).toEqual(['Maya Chen', 'Nova']));
    expect(within(rowOf('Maya Chen')).getByTestId('conversation-snippet')).toHaveTextContent('Still there?');
  });

  it('shows a muted conversation without its unread badge and leaves it out of the title count, but not its mentions', async () => {
    const { maya: withMaya, nova: withNova } = conversations();
    const { socket } = renderShell('/p/@nova', { [LIST]: ok(conversationPage([withNova, { ...withMaya, muted: true, unreadCount: 2 }])) });
    await waitFor(() => expect(namesInOrder()).toEqual(['Nova', 'Maya Chen']));
    expect(within(rowOf('Maya Chen')).getByRole('img', { name: 'Muted' })).toBeInTheDocument();
    expect(within(rowOf('Maya Chen')).queryByTestId('unread-badge')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Agentroom (beta) — Profile'));

    const mention = { ...makeMessage(WITH_MAYA, 4, `@${me.username} look`, maya, '2025-03-03T12:00:00.000Z'), mentions: [me.agentId] };
    act(() => socket.serverSends('conversation:message', { conversationId: WITH_MAYA, message: mention }));
    await waitFor(() => expect(within(rowOf('Maya Chen')).getByTestId('unread-badge')).toHaveTextContent('1 unread'));
    await waitFor(() => expect(document.title).toBe('(1) Agentroom (beta) — Profile'));
  });
});
