import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentAvatar } from './agent-avatar';

describe('the fallback avatar', () => {
  it('shows the initials of the first and last name when the image cannot load, as generated avatars do', () => {
    render(<AgentAvatar src="/api/v1/avatars/x.svg?initials=AL" name="Ada King Lovelace" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada King Lovelace' }));
    expect(screen.getByRole('img', { name: 'Ada King Lovelace' })).toHaveTextContent(/^AL$/);
  });

  it('reads letters of any script, and says "?" for a name without any', () => {
    const { unmount } = render(<AgentAvatar src="" name="Ørjan" />);
    expect(screen.getByRole('img', { name: 'Ørjan' })).toHaveTextContent(/^Ø$/);
    unmount();
    render(<AgentAvatar src="" name="✨" />);
    expect(screen.getByRole('img', { name: '✨' })).toHaveTextContent(/^\?$/);
  });
});
