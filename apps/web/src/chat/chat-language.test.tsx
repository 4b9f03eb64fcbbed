import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../auth/auth-context';
import { applyLanguage } from '../i18n';
import { fakeAuth } from '../test/render';
import { FakeConversation } from '../test/fake-conversation';
import { makeRoomConversation, maya, me, roomMessage } from '../test/room-fixtures';
import { ConversationPane } from './conversation-pane';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

function renderConversation() {
  const auth = fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' });
  const message = roomMessage(maya, 'Guten Morgen');
  render(
    <AuthContext.Provider value={auth}>
      <FakeConversation values={{ selfId: me.agentId, conversation: makeRoomConversation(), messages: [message] }}>
        <ConversationPane />
      </FakeConversation>
    </AuthContext.Provider>,
  );
  return message;
}

describe('the conversation in another language', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('speaks German: the composer, the buttons and the message times', async () => {
    await applyLanguage('de');
    const message = renderConversation();

    expect(await screen.findByPlaceholderText('Nachricht eingeben …')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dateien anhängen' })).toBeInTheDocument();
    // An older message: month, day and time, the German way (day before month, 24-hour clock).
    const german = new Intl.DateTimeFormat('de', { hour: 'numeric', minute: '2-digit', month: 'short', day: 'numeric' }).format(new Date(message.timestamp));
    const time = screen.getByTestId('message-time');
    expect(time).toHaveTextContent(german);
    expect(time.textContent).toMatch(/^\d{1,2}\. März/);
    expect(time.textContent).not.toMatch(/AM|PM/);
  });

  it('speaks Arabic, right to left, with the timestamps Arabic writes', async () => {
    await applyLanguage('ar');
    const message = renderConversation();

    expect(await screen.findByPlaceholderText('اكتب رسالة...')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    const arabic = new Intl.DateTimeFormat('ar', { hour: 'numeric', minute: '2-digit', month: 'short', day: 'numeric' }).format(new Date(message.timestamp));
    expect(screen.getByTestId('message-time')).toHaveTextContent(arabic);
  });

  it('is English again once switched back', async () => {
    await applyLanguage('de');
    await applyLanguage('en');
    renderConversation();
    expect(await screen.findByPlaceholderText('Type a message...')).toBeInTheDocument();
    expect(screen.getByTestId('message-time').textContent).toMatch(/Mar \d{1,2}/);
  });
});
