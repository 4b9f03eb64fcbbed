import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeamAgent } from '../test/team-fixtures';
import { ChatHeader } from './chat-header';
import type { ConnectionState } from './use-chat-socket';

const maya = makeTeamAgent({ username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', role: 'Product Designer' });

function renderHeader(agentOnline: boolean | null, connection: ConnectionState) {
  return render(
    <ChatHeader agent={maya} agentOnline={agentOnline} connection={connection} onBack={() => {}} profileOpen={false} onToggleProfile={() => {}} />,
  );
}

describe('chat header dots', () => {
  it.each([
    [true, 'Online'],
    [false, 'Offline'],
    [null, 'Status unknown'],
  ] as const)('the presence dot says %s as %s, on hover and aloud', (online, label) => {
    renderHeader(online, 'connected');
    expect(screen.getByRole('img', { name: label })).toHaveAttribute('title', label);
  });

  it.each([
    ['connected', 'Connected', 'Connection: Connected'],
    ['connecting', 'Disconnected', 'Connection: Disconnected, reconnecting…'],
    ['disconnected', 'Disconnected', 'Connection: Disconnected'],
  ] as const)('the connection dot, %s, is titled %s and read as what it is', (connection, title, label) => {
    renderHeader(true, connection);
    const dot = screen.getByTestId('connection-dot');
    expect(dot).toHaveAttribute('title', title);
    expect(screen.getByRole('img', { name: label })).toBe(dot);
  });
});
