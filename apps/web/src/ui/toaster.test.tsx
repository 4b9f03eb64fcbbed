import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sonnerRequested, toast } from './toast';
import { Toaster } from './toaster';

// jsdom has no matchMedia; the Toaster asks it for the system theme.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('lazy toasts', () => {
  it('load sonner with the first toast, which still shows, and the ones after it', async () => {
    const { container } = render(<Toaster />);
    expect(sonnerRequested()).toBe(false);
    expect(container).toBeEmptyDOMElement();

    toast.success('Team details saved', { description: 'Everyone sees the new name.' });
    expect(await screen.findByText('Team details saved')).toBeInTheDocument();
    expect(screen.getByText('Everyone sees the new name.')).toBeInTheDocument();

    toast.error('Could not remove the member');
    expect(await screen.findByText('Could not remove the member')).toBeInTheDocument();
  });
});
