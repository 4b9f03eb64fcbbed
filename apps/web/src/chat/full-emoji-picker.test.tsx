import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import emojiData from 'emoji-picker-react/data/emojis-en';
import { isReactionEmoji, REACTION_PALETTE } from '@agentroom/shared';
import { ReactionPicker } from './message-reactions';

/** The emoji a picker entry stands for (as the picker makes it: its code points). */
const emojiOf = (unified: string) => String.fromCodePoint(...unified.split('-').map((hex) => parseInt(hex, 16)));

describe('the full emoji picker', () => {
  it('offers only emojis the server accepts as reactions (every one, with every skin tone)', () => {
    const offered = Object.values(emojiData.emojis).flatMap((list) => list.flatMap((entry) => [entry.u, ...(entry.v ?? [])]));
    expect(offered.length).toBeGreaterThan(3_000);
    const refused = offered.map(emojiOf).filter((emoji) => !isReactionEmoji(emoji));
    expect(refused).toEqual([]);
  });

  it('keeps the quick reactions first, and adds any other emoji from "More reactions"', async () => {
    const onPick = vi.fn();
    render(<ReactionPicker mine={new Set(['👍'])} onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add reaction' }));
    const quick = await screen.findAllByRole('button', { name: /^React with / });
    expect(quick.map((button) => button.textContent)).toEqual([...REACTION_PALETTE]);

    await userEvent.click(screen.getByRole('button', { name: 'More reactions' }));
    // Found by its data attribute: the picker draws all of its ~1,900 emojis in jsdom (no layout, so
    // no virtual rows), and role or label queries over them take too long.
    const rocket = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-epr-unified="1f680"]');
      if (!found) throw new Error('the picker is not in yet');
      return found;
    }, { timeout: 10_000 });
    expect(rocket).toHaveAccessibleName('rocket');
    await userEvent.click(rocket);
    expect(onPick).toHaveBeenCalledWith('🚀', true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opened again, it starts with the quick reactions and 'More reactions'.
    await userEvent.click(screen.getByRole('button', { name: 'Add reaction' }));
    expect(await screen.findByRole('button', { name: 'More reactions' })).toBeInTheDocument();
  }, 30_000);
});
