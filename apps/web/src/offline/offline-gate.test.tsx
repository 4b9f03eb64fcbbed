import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchFirstScreen } from '../lib/first-screen';
import { OfflineGate } from './offline-gate';

/** The app's first screen, still loading until `draw()` (a router that has not finished its first navigation). */
function firstScreenLoading() {
  const listeners = new Set<(state: { initialized: boolean; navigation: { state: string } }) => void>();
  const router = {
    state: { initialized: false, navigation: { state: 'loading' } },
    subscribe(listener: (state: { initialized: boolean; navigation: { state: string } }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  watchFirstScreen(router, new QueryClient(), 60_000);
  return {
    draw() {
      router.state = { initialized: true, navigation: { state: 'idle' } };
      for (const listener of listeners) listener(router.state);
    },
  };
}

/** The next first screen is drawn at once (as in a test without the app's router). */
function firstScreenDrawn() {
  firstScreenLoading().draw();
}

const setNetwork = (onLine: ReturnType<typeof vi.spyOn>, online: boolean) => {
  onLine.mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

afterEach(() => firstScreenDrawn());

describe('the offline screen', () => {
  it('stands in for the app opened without a network, and gives way to it when the network is back', async () => {
    firstScreenDrawn();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <OfflineGate>
        <p>The app</p>
      </OfflineGate>,
    );
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText('Agentroom will reconnect when your connection is back.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();

    setNetwork(onLine, true);
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).not.toBeInTheDocument();
  });

  it('shows when the network goes while the first screen is still loading, and goes when it is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const firstScreen = firstScreenLoading();
    render(
      <OfflineGate>
        <p>The app</p>
      </OfflineGate>,
    );
    expect(screen.getByText('The app')).toBeInTheDocument();

    setNetwork(onLine, false);
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();

    setNetwork(onLine, true);
    expect(screen.getByText('The app')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).not.toBeInTheDocument();
    firstScreen.draw();
  });

  it('leaves a drawn app on view when the network goes (its pages say so themselves), and says when it was drawn', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const firstScreen = firstScreenLoading();
    const onFirstScreen = vi.fn();
    render(
      <OfflineGate onFirstScreen={onFirstScreen}>
        <p>The app</p>
      </OfflineGate>,
    );
    expect(onFirstScreen).not.toHaveBeenCalled();
    act(() => firstScreen.draw());
    await vi.waitFor(() => expect(onFirstScreen).toHaveBeenCalledTimes(1));

    setNetwork(onLine, false);
    expect(screen.getByText('The app')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).not.toBeInTheDocument();
    setNetwork(onLine, true);
    expect(onFirstScreen).toHaveBeenCalledTimes(1);
  });
});
