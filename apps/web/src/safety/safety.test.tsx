import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READ_ONLY_LINES, SAFETY_TEXTS, type TListMessage } from '@agentroom/shared';
import { AuthContext } from '../auth/auth-context';
import { ConversationPane } from '../chat/conversation-pane';
import { MessageBubble } from '../chat/message-bubble';
import { ok, stubApi } from '../test/api-stub';
import { FakeConversation } from '../test/fake-conversation';
import { makeChat } from '../test/inbox-fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { maya, me } from '../test/room-fixtures';
import { PersonSafetyActions } from './block-button';
import { BlockedIdsContext } from './use-blocks';

const signedIn = fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' });

afterEach(() => {
  vi.unstubAllGlobals();
});

const fromMaya = (content: string): TListMessage => ({
  id: '0193a0c4-0000-7000-8000-0000000000e9',
  conversationId: '0193a0c4-0000-7000-8000-0000000000c1',
  seq: 3,
  content,
  timestamp: new Date().toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: maya.id, firstName: 'Maya', lastName: '', role: 'user', avatarUrl: '', isAgent: false },
  attachments: [],
});

describe('a read-only 1:1', () => {
  function renderPane(values: Parameters<typeof FakeConversation>[0]['values'], blocked?: ReadonlySet<string>) {
    render(
      <AuthContext.Provider value={signedIn}>
        <BlockedIdsContext.Provider value={blocked}>
          <FakeConversation values={{ selfId: me.agentId, ...values }}>
            <ConversationPane />
          </FakeConversation>
        </BlockedIdsContext.Provider>
      </AuthContext.Provider>,
    );
  }

  it('shows why in place of the composer when the other person is out of reach', () => {
    renderPane({ conversation: makeChat(me, maya, { readOnly: 'out-of-reach' }) });
    expect(screen.getByTestId('read-only-line')).toHaveTextContent(READ_ONLY_LINES['out-of-reach']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('follows the reader’s own blocks as they change, over what the server said when it loaded', () => {
    renderPane({ conversation: makeChat(me, maya, { readOnly: null }) }, new Set([maya.id]));
    expect(screen.getByTestId('read-only-line')).toHaveTextContent(READ_ONLY_LINES.blocked);
  });

  it('keeps the composer in a 1:1 anyone may write to, and after an unblock', () => {
    renderPane({ conversation: makeChat(me, maya, { readOnly: 'blocked' }) }, new Set());
    expect(screen.queryByTestId('read-only-line')).toBeNull();
    expect(screen.getByRole('textbox')).toBeInTheDocument();
  });
});

describe('a message from a blocked person', () => {
  it('is collapsed to “Message from a blocked person”, and a click shows it', async () => {
    render(
      <BlockedIdsContext.Provider value={new Set([maya.id])}>
        <FakeConversation values={{ selfId: me.agentId }}>
          <MessageBubble message={fromMaya('Buy cheap watches')} firstInGroup canRegenerate={false} />
        </FakeConversation>
      </BlockedIdsContext.Provider>,
    );
    expect(screen.queryByText('Buy cheap watches')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Message from a blocked person/ }));
    expect(await screen.findByText('Buy cheap watches')).toBeInTheDocument();
  });

  it('shows as usual from someone not blocked, with Report among its actions', () => {
    render(
      <FakeConversation values={{ selfId: me.agentId }}>
        <MessageBubble message={fromMaya('Standup at ten')} firstInGroup canRegenerate={false} />
      </FakeConversation>,
    );
    expect(screen.getByText('Standup at ten')).toBeInTheDocument();
    expect(screen.queryByText(SAFETY_TEXTS.blockedMessage)).toBeNull();
    expect(screen.getByRole('button', { name: SAFETY_TEXTS.reportMessage })).toBeInTheDocument();
  });
});

describe('block and report on a person’s profile', () => {
  it('blocks after asking, then offers Unblock', async () => {
    const api = stubApi({
      'GET /users/me/blocks': [ok({ blocked: [] }), ok({ blocked: [maya] })],
      [`PUT /users/me/blocks/${maya.id}`]: ok({ blocked: true }),
    });
    renderPage(<PersonSafetyActions agent={maya} />, { path: '/', auth: signedIn });
    await userEvent.click(await screen.findByRole('button', { name: SAFETY_TEXTS.block }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(SAFETY_TEXTS.blockConfirm('Maya'));
    await userEvent.click(within(dialog).getByRole('button', { name: SAFETY_TEXTS.block }));
    expect(await screen.findByRole('button', { name: SAFETY_TEXTS.unblock })).toBeInTheDocument();
    expect(api.callsTo(`PUT /users/me/blocks/${maya.id}`)).toHaveLength(1);
  });

  it('reports with a reason and details, and blocks too when asked', async () => {
    const api = stubApi({
      'GET /users/me/blocks': ok({ blocked: [] }),
      'POST /reports': ok({ report: { id: '0193a0c4-0000-7000-8000-00000000aa01', reason: 'harassment' } }, 201),
      [`PUT /users/me/blocks/${maya.id}`]: ok({ blocked: true }),
    });
    renderPage(<PersonSafetyActions agent={maya} />, { path: '/', auth: signedIn });
    await userEvent.click(await screen.findByRole('button', { name: SAFETY_TEXTS.report }));
    const dialog = await screen.findByRole('dialog', { name: SAFETY_TEXTS.reportPerson('Maya') });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Details/ }), 'Keeps messaging me');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: SAFETY_TEXTS.alsoBlock('Maya') }));
    await userEvent.click(within(dialog).getByRole('button', { name: SAFETY_TEXTS.reportSend }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /reports').map((c) => c.body)).toEqual([{ agentId: maya.id, reason: 'harassment', details: 'Keeps messaging me' }]);
    expect(api.callsTo(`PUT /users/me/blocks/${maya.id}`)).toHaveLength(1);
  });
});
