import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TYPING_IDLE_MS } from '@agentroom/shared';
import { Composer, checkFiles } from './composer';

function setup(onSend = vi.fn(async () => {}), props: { disabled?: boolean } = {}) {
  const onTypingChange = vi.fn();
  render(<Composer onSend={onSend} onTypingChange={onTypingChange} {...props} />);
  return { onSend, onTypingChange, input: screen.getByPlaceholderText('Type a message...'), sendButton: screen.getByRole('button', { name: 'Send' }) };
}

describe('Composer', () => {
  it('sends on Enter, adds a line on Shift+Enter, and clears at once', async () => {
    const user = userEvent.setup();
    const { onSend, input } = setup();
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('first line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond line', []);
    expect(input).toHaveValue('');
  });

  it('is disabled while the text is empty or blank, and when the composer is disabled', async () => {
    const user = userEvent.setup();
    const { onSend, input, sendButton } = setup();
    expect(sendButton).toBeDisabled();
    await user.type(input, '   ');
    expect(sendButton).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(input, 'hi');
    expect(sendButton).toBeEnabled();
  });

  it('cannot send while disabled', () => {
    const { input, sendButton } = setup(undefined, { disabled: true });
    expect(input).toBeDisabled();
    expect(sendButton).toBeDisabled();
  });

  it('signals typing on the first character and stops after 2 s idle', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { input, onTypingChange } = setup();
    fireEvent.change(input, { target: { value: 'h' } });
    expect(onTypingChange).toHaveBeenCalledTimes(1);
    expect(onTypingChange).toHaveBeenLastCalledWith(true);
    act(() => vi.advanceTimersByTime(TYPING_IDLE_MS - 500));
    fireEvent.change(input, { target: { value: 'hello' } });
    expect(onTypingChange).toHaveBeenCalledTimes(1); // still typing: no repeat, and the idle clock restarts
    act(() => vi.advanceTimersByTime(TYPING_IDLE_MS - 100));
    expect(onTypingChange).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(100));
    expect(onTypingChange).toHaveBeenCalledTimes(2);
    expect(onTypingChange).toHaveBeenLastCalledWith(false);
  });

  it('stops typing on submit and when the composer goes away', async () => {
    const user = userEvent.setup();
    const onTypingChange = vi.fn();
    const { unmount } = render(<Composer onSend={async () => {}} onTypingChange={onTypingChange} />);
    const input = screen.getByPlaceholderText('Type a message...');
    await user.type(input, 'hi{Enter}');
    expect(onTypingChange.mock.calls).toEqual([[true], [false]]);
    await user.type(input, 'again');
    unmount();
    expect(onTypingChange.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it('puts the text back when the send fails', async () => {
    const user = userEvent.setup();
    let fail: (error: Error) => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    const { input } = setup(onSend);
    await user.type(input, 'do not lose me{Enter}');
    expect(input).toHaveValue('');
    await act(async () => fail(new Error('Network error')));
    expect(input).toHaveValue('do not lose me');
  });

  it('shows chosen files as chips that can be removed, and checks size and type before any upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSend = vi.fn(async () => {});
    setup(onSend);
    const ok = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    await user.upload(screen.getByTestId('file-input'), [ok, exe]);
    expect(screen.getByText('notes.txt')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('tool.exe: This file type is not allowed');
    // A file alone can be sent.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('', [ok]);

    await user.upload(screen.getByTestId('file-input'), ok);
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it('checkFiles refuses files over 10 MB and more than 10 files', () => {
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(checkFiles([], [big]).problems).toEqual(['big.pdf: File is too large (at most 10 MB)']);
    const many = Array.from({ length: 11 }, (_, i) => new File(['x'], `f${i}.txt`, { type: 'text/plain' }));
    const result = checkFiles([], many);
    expect(result.files).toHaveLength(10);
    expect(result.problems[0]).toMatch(/^Too many files/);
  });

  it('keeps a line break typed with Shift+Enter through fireEvent too', () => {
    const { input, onSend } = setup();
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps a draft per conversation across leaving and coming back, and forgets it once sent', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => {});
    const open = (draftKey: string | undefined) => render(<Composer onSend={onSend} onTypingChange={() => {}} draftKey={draftKey} />);
    const input = () => screen.getByPlaceholderText('Type a message...');

    // The conversation id arrives after the composer is on screen.
    const chatA = open(undefined);
    chatA.rerender(<Composer onSend={onSend} onTypingChange={() => {}} draftKey="drafts-test/a" />);
    await user.type(input(), 'half a thought{Shift>}{Enter}{/Shift}and more');
    chatA.unmount();

    const chatB = open('drafts-test/b');
    expect(input()).toHaveValue('');
    await user.type(input(), 'for B');
    chatB.unmount();

    const backToA = open('drafts-test/a');
    expect(input()).toHaveValue('half a thought\nand more');
    await user.type(input(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith('half a thought\nand more', []);
    backToA.unmount();

    const againA = open('drafts-test/a');
    expect(input()).toHaveValue('');
    againA.unmount();
    open('drafts-test/b');
    expect(input()).toHaveValue('for B');
  });
});
