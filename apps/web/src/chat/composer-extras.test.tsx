import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_ERRORS, MESSAGE_MAX_LENGTH } from '@agentroom/shared';
import { Composer } from './composer';

function setup() {
  const onSend = vi.fn(async () => {});
  render(<Composer onSend={onSend} onTypingChange={vi.fn()} />);
  return { onSend, input: screen.getByPlaceholderText('Type a message...'), sendButton: screen.getByRole('button', { name: 'Send' }) };
}

const counter = () => screen.queryByTestId('character-counter');
const file = (name: string, type = 'text/plain') => new File(['hello'], name, { type });

/** A DataTransfer-like holder of files (jsdom has no DataTransfer). */
const transferOf = (files: File[], text = '') => ({
  files,
  types: files.length > 0 ? ['Files'] : ['text/plain'],
  getData: (format: string) => (format === 'text/plain' ? text : ''),
  dropEffect: 'none',
});

describe('Composer: the character counter', () => {
  it('shows only near the limit, and past it says why the send is disabled', async () => {
    const { onSend, input, sendButton } = setup();
    fireEvent.change(input, { target: { value: 'x'.repeat(8_999) } });
    expect(counter()).not.toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'x'.repeat(9_500) } });
    expect(counter()).toHaveTextContent('9,500 / 10,000');
    expect(sendButton).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(counter()).toHaveTextContent('10,001 / 10,000');
    expect(sendButton).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(CHAT_ERRORS.messageTooLong);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH) } });
    expect(sendButton).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Composer: files by paste and by drop', () => {
  it('attaches pasted files, and sends them with the text', async () => {
    const { onSend, input } = setup();
    const paste = createEvent.paste(input, { clipboardData: transferOf([file('shot.png', 'image/png')]) });
    fireEvent(input, paste);
    expect(paste.defaultPrevented).toBe(true);
    expect(screen.getByRole('list', { name: 'Files to send' })).toHaveTextContent('shot.png');

    await userEvent.type(input, 'look{Enter}');
    expect(onSend).toHaveBeenCalledWith('look', [expect.objectContaining({ name: 'shot.png' })]);
  });

  it('pastes text as text even when the clipboard also holds a picture of it', () => {
    const { input } = setup();
    const paste = createEvent.paste(input, { clipboardData: transferOf([file('render.png', 'image/png')], 'some text') });
    fireEvent(input, paste);
    expect(paste.defaultPrevented).toBe(false);
    expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument();
  });

  it('attaches dropped files, checked like chosen ones', () => {
    setup();
    const form = screen.getByRole('form', { name: 'Send a message' });
    fireEvent.dragOver(form, { dataTransfer: transferOf([file('notes.txt')]) });
    expect(screen.getByText('Drop files to attach them')).toBeInTheDocument();
    fireEvent.drop(form, { dataTransfer: transferOf([file('notes.txt'), file('tool.exe', 'application/x-msdownload')]) });

    expect(screen.queryByText('Drop files to attach them')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Files to send' })).toHaveTextContent('notes.txt');
    expect(screen.getByRole('list', { name: 'Files to send' })).not.toHaveTextContent('tool.exe');
    expect(screen.getByRole('alert')).toHaveTextContent(`tool.exe: ${CHAT_ERRORS.unsupportedFileType}`);
  });
});
