import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TSearchResult } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { SearchButton } from './search-button';
import { SearchDialog } from './search-dialog';

const me = makeUser();
const maya = { id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', avatarUrl: '', isAgent: false };
const hit = (overrides: Partial<TSearchResult> = {}): TSearchResult => ({
  messageId: '0193a0c4-0000-7000-8000-0000000000e1',
  seq: 4321,
  timestamp: '2025-01-01T10:00:00.000Z',
  sender: { id: maya.id, firstName: 'Maya', lastName: 'Chen', role: 'user', avatarUrl: '', isAgent: false },
  snippet: [
    { text: 'The ', highlight: false },
    { text: 'deploy', highlight: true },
    { text: ' failed: <b>see logs</b> <img src=x onerror=alert(1)>', highlight: false },
  ],
  conversation: { id: '0193a0c4-0000-7000-8000-0000000000c1', conversationType: 'team-scoped', team: { id: '0193a0c4-0000-7000-8000-0000000000f1', handle: 'core', name: 'Core team' }, roomName: null, otherAgent: maya },
  ...overrides,
});
const results = (list: TSearchResult[], hasMore = false, page = 1) => ok({ results: list, pagination: { page, limit: 20, hasMore } });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderSearch() {
  const screenWithSearch = (
    <>
      <SearchButton />
      <Where />
    </>
  );
  return renderRoutes(
    [
      { path: '/', element: screenWithSearch },
      { path: '*', element: <Where /> },
    ],
    { path: '/', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
}

describe('the search dialog', () => {
  it('shows hits with the matched words marked, as text; a hit opens its conversation at that message', async () => {
    const api = stubApi({
      'GET /chat/search?q=deploy&page=1&limit=20': results([hit(), hit({ messageId: '0193a0c4-0000-7000-8000-0000000000e2', seq: 12, conversation: { ...hit().conversation, conversationType: 'personal', team: null } })], true),
      'GET /chat/search?q=deploy&page=2&limit=20': results([hit({ messageId: '0193a0c4-0000-7000-8000-0000000000e3', seq: 3 })], false, 2),
    });
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search messages' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search messages' }), 'deploy');

    const list = await within(dialog).findByRole('list', { name: 'Search results' });
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Maya Chen · with Maya Chen · Core team');
    expect([...items[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['deploy']);
    // What the message said is shown as written, never run as HTML.
    expect(items[0]).toHaveTextContent('failed: <b>see logs</b> <img src=x onerror=alert(1)>');
    expect(items[0]!.querySelector('b, img')).toBeNull();
    expect(items[0]).toHaveAttribute('href', '/t/core/p/maya?at=4321');
    expect(items[1]).toHaveAttribute('href', '/p/maya?at=12');

    await userEvent.click(within(dialog).getByRole('button', { name: 'More results' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(api.callsTo('GET /chat/search?q=deploy&page=2&limit=20')).toHaveLength(1);

    await userEvent.click(within(list).getAllByRole('link')[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent('/t/core/p/maya?at=4321');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the room of a hit in a room (and its team), and the person of a 1:1 hit', async () => {
    stubApi({
      'GET /chat/search?q=launch&page=1&limit=20': results([
        hit({ conversation: { ...hit().conversation, conversationType: 'room', roomName: 'launch-crew', otherAgent: null } }),
        hit({ messageId: '0193a0c4-0000-7000-8000-0000000000e2', conversation: { ...hit().conversation, conversationType: 'personal', team: null } }),
      ]),
    });
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search messages' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search messages' }), 'launch');
    const items = within(await within(dialog).findByRole('list', { name: 'Search results' })).getAllByRole('link');
    expect(items[0]).toHaveTextContent('Maya Chen · in #launch-crew · Core team');
    expect(items[0]).toHaveAttribute('href', '/t/core/r/launch-crew?at=4321');
    expect(items[1]).toHaveTextContent('Maya Chen · with Maya Chen');
    expect(items[1]).not.toHaveTextContent('#');
  });

  it('opens a thread reply in its root’s conversation, with the thread open at the reply', async () => {
    const root = '0193a0c4-0000-7000-8000-0000000000a9';
    const inThread = { threadConversationId: '0193a0c4-0000-7000-8000-0000000000d9', rootMessageId: root, parentConversationId: '0193a0c4-0000-7000-8000-0000000000c1' };
    stubApi({
      'GET /chat/search?q=friday&page=1&limit=20': results([
        hit({ seq: 3, inThread, conversation: { ...hit().conversation, conversationType: 'room', roomName: 'launch-crew', otherAgent: null } }),
        hit({ messageId: '0193a0c4-0000-7000-8000-0000000000e2', seq: 5, inThread, conversation: { ...hit().conversation, conversationType: 'personal', team: null } }),
      ]),
    });
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search messages' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search messages' }), 'friday');
    const items = within(await within(dialog).findByRole('list', { name: 'Search results' })).getAllByRole('link');
    expect(items[0]).toHaveTextContent('Maya Chen · in a thread in #launch-crew · Core team');
    expect(items[0]).toHaveAttribute('href', `/t/core/r/launch-crew?thread=${root}&at=3`);
    expect(items[1]).toHaveTextContent('Maya Chen · in a thread with Maya Chen');
    expect(items[1]).toHaveAttribute('href', `/p/maya?thread=${root}&at=5`);

    await userEvent.click(items[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent(`/t/core/r/launch-crew?thread=${root}&at=3`);
  });

  it('opens with Ctrl+K, says when nothing matches, and shows the server’s error', async () => {
    stubApi({
      'GET /chat/search?q=zebra&page=1&limit=20': results([]),
      'GET /chat/search?q=boom&page=1&limit=20': fail(429, 'Too many requests, please try again later.', 'RATE_LIMITED'),
    });
    renderSearch();
    await userEvent.keyboard('{Control>}k{/Control}');
    const box = within(await screen.findByRole('dialog', { name: 'Search messages' })).getByRole('searchbox');
    await userEvent.type(box, 'zebra');
    expect(await screen.findByText('No messages match “zebra”.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'boom');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later.');
  });
});

describe('SearchDialog on its own (for a header that owns the open state)', () => {
  it('starts with a hint and asks to close on Escape', async () => {
    stubApi({});
    const onOpenChange = vi.fn();
    renderRoutes([{ path: '/', element: <SearchDialog open onOpenChange={onOpenChange} /> }], {
      path: '/',
      auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }),
    });
    expect(screen.getByRole('dialog', { name: 'Search messages' })).toHaveTextContent('Type a word or a "quoted phrase"; -word leaves it out.');
    expect(screen.getByRole('searchbox', { name: 'Search messages' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
