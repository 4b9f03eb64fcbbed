import { useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_MIME_TYPES,
  CHAT_ERRORS,
  COMPOSER_TEXTS,
  MESSAGE_MAX_LENGTH,
  type TAgent,
} from '@agentroom/shared';
import { t, useLanguage, useT } from '../i18n';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { readDraft, writeDraft } from './drafts';
import { formatBytes } from './message-attachments';
import { useMentionCompletion } from './mention-completion';
import { useTypingSignal } from './use-typing-signal';

export interface ComposerProps {
  /** Rejects when the send failed: the text (and files) come back into the composer. */
  onSend: (content: string, files: readonly File[]) => Promise<void>;
  onTypingChange: (isTyping: boolean) => void;
  disabled?: boolean;
  /** The last send's error, shown under the input. */
  error?: string;
  /** Where the unsent text is kept (the conversation): it comes back when the chat is opened again. */
  draftKey?: string;
  /** Rooms: who `@` offers to mention (the conversation's members but the writer). None in 1:1 chats. */
  mentionCandidates?: readonly TAgent[];
  /** Shown under the input: the conversation's messages waiting to be sent (outbox-list.tsx). */
  outbox?: ReactNode;
  /** Shown right under the input: how the message goes out (a thread's "Also send to #room"). */
  options?: ReactNode;
}

/** The character counter shows from here on, before the server's limit refuses a message. */
const COUNTER_FROM = 9_000;
const formatCount = (count: number, language: string) => new Intl.NumberFormat(language).format(count);

const allowedTypes = new Set<string>(ATTACHMENT_MIME_TYPES);
const MAX_MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** Checks files before any upload, with the server's own limits; answers the good ones and the problems. */
export function checkFiles(current: readonly File[], chosen: readonly File[]): { files: File[]; problems: string[] } {
  const files = [...current];
  const problems: string[] = [];
  for (const file of chosen) {
    if (files.length >= ATTACHMENT_MAX_FILES) {
      problems.push(t('{{problem}}: at most {{max}} files per message', { problem: t(CHAT_ERRORS.tooManyFiles), max: ATTACHMENT_MAX_FILES }));
      break;
    }
    if (file.size > ATTACHMENT_MAX_BYTES) problems.push(t('{{name}}: {{problem}} (at most {{max}} MB)', { name: file.name, problem: t(CHAT_ERRORS.fileTooLarge), max: MAX_MB }));
    else if (!allowedTypes.has(file.type)) problems.push(t('{{name}}: {{problem}}', { name: file.name, problem: t(CHAT_ERRORS.unsupportedFileType) }));
    else files.push(file);
  }
  return { files, problems };
}

/** Files a drag carries (not text or a link being dragged). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * The composer: Enter sends, Shift+Enter adds a line, grows up to max-h-24, files by the paperclip,
 * by pasting or by dropping them on it; a counter near the length limit, and no sending beyond it.
 */
export function Composer({ onSend, onTypingChange, disabled = false, error, draftKey, mentionCandidates, outbox, options }: ComposerProps) {
  const { t } = useT();
  const language = useLanguage();
  const [text, setText] = useState(() => readDraft(draftKey));
  // The conversation is known only once it has started: its draft is loaded then.
  const [draftLoadedFor, setDraftLoadedFor] = useState(draftKey);
  if (draftLoadedFor !== draftKey) {
    setDraftLoadedFor(draftKey);
    setText(readDraft(draftKey));
  }
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { activity, stop } = useTypingSignal(onTypingChange);
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const blank = text.trim() === '' && files.length === 0;
  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const mention = useMentionCompletion({
    textarea,
    text,
    candidates: mentionCandidates,
    onPick: (next) => {
      setText(next);
      activity(next);
    },
  });

  useEffect(() => writeDraft(draftKey, text), [draftKey, text]);

  // Grow with the text; max-h-24 caps it and the rest scrolls.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    // Empty: one row, as drawn; measuring would force a layout of the whole page (on every chat's first render).
    if (!text) {
      element.style.height = '';
      return;
    }
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || disabled || tooLong) return;
    const content = text.trim();
    const sent = files;
    stop();
    // Cleared at once so the chat feels instant; a failed send puts everything back.
    setText('');
    setFiles([]);
    setFileProblems([]);
    onSend(content, sent).catch(() => {
      setText((current) => (current ? current : content));
      setFiles((current) => (current.length > 0 ? current : sent));
    });
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const addFiles = (chosen: readonly File[]) => {
    if (disabled || chosen.length === 0) return;
    const { files: next, problems } = checkFiles(files, chosen);
    setFiles(next);
    setFileProblems(problems);
  };

  const onFilesChosen = (list: FileList | null) => {
    addFiles(Array.from(list ?? []));
    if (fileInput.current) fileInput.current.value = ''; // the same file can be chosen again
  };

  // Pasted files are attached; pasted text (even when the clipboard also holds a picture of it, as
  // word processors put there) is pasted as text.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0 || event.clipboardData.getData('text/plain') !== '') return;
    event.preventDefault();
    addFiles(pasted);
  };

  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      if (disabled || !carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      setDragging(false);
      if (!carriesFiles(event)) return;
      event.preventDefault();
      addFiles(Array.from(event.dataTransfer.files));
    },
  };

  // The server's error texts are keys too (decision 0027): a known one shows in the reader's language.
  const messages = [...fileProblems, ...(tooLong ? [t(CHAT_ERRORS.messageTooLong)] : []), ...(error ? [t(error)] : [])];
  return (
    <form
      onSubmit={submit}
      {...dropTarget}
      className={cn(
        'relative border-t border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900',
        dragging && 'ring-2 ring-indigo-500 ring-inset',
      )}
      aria-label={t('Send a message')}
    >
      {dragging && (
        <p className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center bg-white/90 text-sm font-medium text-indigo-700 dark:bg-zinc-900/90 dark:text-indigo-300">
          {t(COMPOSER_TEXTS.dropFiles)}
        </p>
      )}
      {files.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={t('Files to send')}>
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-zinc-200 bg-zinc-50 py-0.5 pe-1 ps-2.5 text-xs text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
            >
              <span className="max-w-40 truncate">{file.name}</span>
              <span className="text-zinc-500 dark:text-zinc-400">{formatBytes(file.size, language)}</span>
              <button
                type="button"
                aria-label={t('Remove {{name}}', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                className={cn('rounded-full p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800 dark:hover:bg-zinc-700 dark:hover:text-zinc-100', focusRing)}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {mention.list}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={ATTACHMENT_MIME_TYPES.join(',')}
          onChange={(event) => onFilesChosen(event.target.files)}
          data-testid="file-input"
        />
        <button
          type="button"
          aria-label={t('Attach files')}
          title={t('Attach files')}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
          className={cn(
            'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
            focusRing,
          )}
        >
          <Paperclip aria-hidden="true" className="size-5" />
        </button>
        <textarea
          ref={textarea}
          rows={1}
          value={text}
          placeholder={t('Type a message...')}
          aria-label={t('Message')}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={messages.length > 0 ? errorId : undefined}
          disabled={disabled}
          {...mention.inputProps}
          onChange={(event) => {
            setText(event.target.value);
            activity(event.target.value);
            mention.onInput(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            stop();
            mention.onBlur();
          }}
          className="block max-h-24 min-h-10 flex-1 resize-none overflow-y-auto rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs outline-none placeholder:text-zinc-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
        <Button type="submit" disabled={blank || disabled || tooLong} className="shrink-0">
          <SendHorizontal aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('Send')}
        </Button>
      </div>
      {options}
      {length >= COUNTER_FROM && (
        <p data-testid="character-counter" className={cn('mt-1 text-end text-xs tabular-nums', tooLong ? 'font-medium text-red-700 dark:text-red-300' : 'text-zinc-600 dark:text-zinc-400')}>
          {formatCount(length, language)} / {formatCount(MESSAGE_MAX_LENGTH, language)}
          <span className="sr-only"> {t('characters')}</span>
        </p>
      )}
      {messages.length > 0 && (
        <div id={errorId} role="alert" className="mt-2 space-y-0.5 text-xs text-red-700 dark:text-red-300">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {outbox}
    </form>
  );
}
