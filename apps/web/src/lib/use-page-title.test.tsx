import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from './use-page-title';

function Page({ name }: { name: string }) {
  usePageTitle(name);
  return null;
}

function TeamLayout({ name, children }: { name: string; children?: ReactNode }) {
  usePageTitle(name, { layout: true });
  return <>{children}</>;
}

describe('usePageTitle', () => {
  it('a page inside a layout names the window, though the layout mounted with it (its effect runs last)', () => {
    // A team chat opened from a personal one: layout and chat mount in one commit.
    const view = render(
      <TeamLayout name="Studio">
        <Page name="Profile" />
      </TeamLayout>,
    );
    expect(document.title).toBe('Agentroom (beta) — Profile');
    // The team page names nothing itself: the layout's name is the title.
    view.rerender(<TeamLayout name="Studio" />);
    expect(document.title).toBe('Agentroom (beta) — Studio');
    view.unmount();
  });

  it('a layout renamed later (the team loaded) does not take the title from the page inside it', () => {
    const view = render(
      <TeamLayout name="Team">
        <Page name="Profile" />
      </TeamLayout>,
    );
    view.rerender(
      <TeamLayout name="Studio">
        <Page name="Profile" />
      </TeamLayout>,
    );
    expect(document.title).toBe('Agentroom (beta) — Profile');
    view.unmount();
  });

  it('among pages, the one that named itself last wins, and the one before returns when it goes', () => {
    const view = render(<Page name="Welcome" />);
    const dialog = render(<Page name="Profile" />);
    expect(document.title).toBe('Agentroom (beta) — Profile');
    dialog.unmount();
    expect(document.title).toBe('Agentroom (beta) — Welcome');
    view.unmount();
  });
});
