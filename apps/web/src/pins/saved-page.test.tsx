import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TSavedMessage, TSearchConversation } from '@agentroom/shared';
import { applyLanguage } from '../i18n';
import { ok, stubApi } from '../test/api-stub';
import { makeMessage, me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeamAgent } from '../test/team-fixtures';
import SavedPage from './saved-page';

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const TEAM = { id: '0193a0c4-0000-7000-8000-0000000000f1', handle: 'demo', name: 'Demo Team' };
const ROOM_ID = '0193a0c4-0000-7000-8000-0000000000e2';
const launch: TSearchConversation = { id: ROOM_ID, conversationType: 'room', team: TEAM, roomName: 'launch', otherAgent: null };
const withMaya: TSearchConversation = {
  id: '0193a0c4-0000-7000-8000-0000000000c1',
  conversationType: 'team-scoped',
  team: TEAM,
  roomName: null,
  otherAgent: { id: maya.id, username: 'maya', firstName: 'Maya', lastName: 'Chen', avatarUrl: '', isAgent: false },
};

const inRoom = makeMessage(ROOM_ID, 12, 'The launch date is **Friday**', maya, '2025-03-03T10:00:00.000Z');
const inChat = makeMessage(withMaya.id, 3, 'Here is the checklist', maya, '2025-03-02T09:00:00.000Z');
const ROOT_ID = '0193a0c4-0000-7000-8000-0000000000a9';
const inThread = {
  ...makeMessage('0193a0c4-0000-7000-8000-0000000000c7', 2, 'Answered in the thread', me.agent, '2025-03-01T08:00:00.000Z'),
  inThread: { threadConversationId: '0193a0c4-0000-7000-8000-0000000000c7', rootMessageId: ROOT_ID, parentConversationId: ROOM_ID },
};
const saved = (message: TSavedMessage['message'], conversation: TSearchConversation, savedAt: string): TSavedMessage => ({ message, conversation, savedAt });
const FIRST = 'GET /users/me/saved?limit=30';
const CURSOR = '2025-03-04T08:00:00.000Z';
const SECOND = `GET /users/me/saved?limit=30&before=${encodeURIComponent(CURSOR)}`;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderSaved(api: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(api);
  renderRoutes(
    [
      { path: '/saved', element: <SavedPage /> },
      { path: '*', element: <Where /> },
    ],
    { path: '/saved', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return calls;
}

describe('the Saved page', () => {
  it('says so when nothing is saved', async () => {
    renderSaved({ [FIRST]: ok({ saved: [], nextBefore: null }) });
    expect(await screen.findByText('No saved messages yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Saved messages' })).toBeInTheDocument();
    expect(document.title).toBe('Agentroom (beta) — Saved messages');
  });

  it('lists saved messages newest first with where each lives, sender, snippet and time; "Load more" follows nextBefore', async () => {
    const user = userEvent.setup();
    const api = renderSaved({
      [FIRST]: ok({ saved: [saved(inRoom, launch, '2025-03-05T08:00:00.000Z'), saved(inChat, withMaya, CURSOR)], nextBefore: CURSOR }),
      [SECOND]: ok({ saved: [saved(inThread, launch, '2025-03-03T08:00:00.000Z')], nextBefore: null }),
    });
    const list = await screen.findByRole('list', { name: 'Saved messages' });
    let rows = within(list).getAllByTestId('saved-message');
    expect(rows.map((row) => row.dataset.messageId)).toEqual([inRoom.id, inChat.id]);
    expect(rows[0]).toHaveTextContent('Maya Chen · in #launch · Demo Team');
    expect(rows[0]).toHaveTextContent('The launch date is Friday');
    expect(within(rows[0]!).getByRole('time')).toHaveAttribute('datetime', inRoom.timestamp);
    expect(rows[1]).toHaveTextContent('Maya Chen · with Maya Chen · Demo Team');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/t/demo/r/launch?at=12');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/t/demo/p/maya?at=3');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByTestId('saved-message')).toHaveLength(3));
    expect(api.callsTo(SECOND)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    rows = within(list).getAllByTestId('saved-message');
    // A thread reply opens its thread's conversation with the thread open at it.
    expect(within(rows[2]!).getByRole('link')).toHaveAttribute('href', `/t/demo/r/launch?thread=${ROOT_ID}&at=2`);
    expect(rows[2]).toHaveTextContent('Ada Lovelace · in #launch · Demo Team');

    await user.click(within(rows[0]!).getByRole('link'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/t/demo/r/launch?at=12');
  });

  it('"Remove from saved" takes a message off the list', async () => {
    const user = userEvent.setup();
    const api = renderSaved({
      [FIRST]: ok({ saved: [saved(inRoom, launch, '2025-03-05T08:00:00.000Z'), saved(inChat, withMaya, CURSOR)], nextBefore: null }),
      [`DELETE /chat/messages/${inRoom.id}/save`]: ok({ saved: false }),
    });
    const list = await screen.findByRole('list', { name: 'Saved messages' });
    await user.click(within(list).getAllByRole('button', { name: /^Remove from saved/ })[0]!);
    await waitFor(() => expect(within(list).getAllByTestId('saved-message').map((row) => row.dataset.messageId)).toEqual([inChat.id]));
    expect(api.callsTo(`DELETE /chat/messages/${inRoom.id}/save`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  describe('in German', () => {
    afterEach(() => applyLanguage('en'));

    it('names the page, where each message lives and when it was sent in German', async () => {
      await applyLanguage('de');
      renderSaved({ [FIRST]: ok({ saved: [saved(inChat, withMaya, CURSOR)], nextBefore: null }) });
      const list = await screen.findByRole('list', { name: 'Gespeicherte Nachrichten' });
      expect(screen.getByRole('heading', { level: 1, name: 'Gespeicherte Nachrichten' })).toBeInTheDocument();
      expect(document.title).toBe('Agentroom (beta) — Gespeicherte Nachrichten');
      const [row] = within(list).getAllByTestId('saved-message');
      expect(row).toHaveTextContent('Maya Chen · mit Maya Chen · Demo Team');
      // Sent on 2 March 2025, long ago: German writes the day first and the month in German.
      expect(within(row!).getByRole('time')).toHaveTextContent(/^2\. März/);
      expect(within(row!).getByRole('button', { name: 'Aus Gespeicherten entfernen: die Nachricht von Maya Chen' })).toBeInTheDocument();
    });
  });
});
