import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { kai, maya, nova, sage } from '../test/room-fixtures';
import { Composer } from './composer';

function setup(candidates = [maya, kai, nova, sage]) {
  const onSend = vi.fn(async () => {});
  render(<Composer onSend={onSend} onTypingChange={vi.fn()} mentionCandidates={candidates} />);
  return { onSend, input: screen.getByRole('textbox', { name: 'Message' }) };
}

const options = () => within(screen.getByRole('listbox', { name: 'Mention someone' })).getAllByRole('option');
const optionTexts = () => options().map((o) => o.textContent);

describe('Composer @mention completion (rooms)', () => {
  it('offers the members on @, people and AI agents with their @username, filtered as I type', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(input, 'hi @');
    expect(optionTexts()).toEqual(['Maya@maya', 'Kai@kai', 'NovaAI(AI agent)@nova', 'SageAI(AI agent)@sage']);
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(within(options()[2]!).getByRole('img', { name: 'Nova' })).toBeInTheDocument();
    await user.type(input, 'n');
    expect(optionTexts()).toEqual(['NovaAI(AI agent)@nova']);
    await user.type(input, 'x');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves with the arrow keys, inserts `@username ` with Enter or Tab, and Enter then sends', async () => {
    const user = userEvent.setup();
    const { input, onSend } = setup();
    await user.type(input, 'ask @');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}'); // wraps around to the last
    expect(options()[3]).toHaveTextContent('@sage');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('ask @sage ');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(input, 'and @ma');
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('ask @sage and @maya ');
    expect(input).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('ask @sage and @maya', []);
  });

  it('closes with Escape, and Enter then sends what is typed', async () => {
    const user = userEvent.setup();
    const { input, onSend } = setup();
    await user.type(input, 'email @ka');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('email @ka', []);
  });

  it('closes when the focus leaves the message box', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    await user.type(input, '@');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    // (Tab would pick the highlighted member.)
    await user.click(document.body);
    expect(input).not.toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('completes a mention in the middle of the text, and picks with the mouse', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    await user.type(input, 'hello  there');
    (input as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.type(input, '@k', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    await user.click(options()[0]!);
    expect(input).toHaveValue('hello @kai  there');
  });

  it('offers nothing in a 1:1 chat', async () => {
    const user = userEvent.setup();
    render(<Composer onSend={vi.fn(async () => {})} onTypingChange={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'hi @');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-autocomplete');
  });
});
