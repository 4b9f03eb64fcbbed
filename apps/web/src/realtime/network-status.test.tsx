import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useNetworkOnline } from './network-status';

function NetworkNote() {
  return <p>{useNetworkOnline() ? 'online' : 'offline'}</p>;
}

describe('useNetworkOnline', () => {
  it('says what the browser says, and follows its offline and online events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<NetworkNote />);
    expect(screen.getByText('online')).toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('offline')).toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByText('online')).toBeInTheDocument();
  });
});
