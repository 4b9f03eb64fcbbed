import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { mentionQueryAt, type TAgent } from '@agentroom/shared';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { AgentKindBadge } from './ai-badge';

/** At most this many members are offered at once; typing more narrows them down. */
const MAX_OPTIONS = 8;

/** Members whose username, or a word of whose name, starts with `query`: username matches first, then the server's order. */
function mentionOptions(candidates: readonly TAgent[], query: string): TAgent[] {
  const q = query.toLowerCase();
  const byUsername = candidates.filter((agent) => agent.username.toLowerCase().startsWith(q));
  const byName = candidates.filter(
    (agent) =>
      !byUsername.includes(agent) &&
      fullNameOf(agent)
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(q)),
  );
  return [...byUsername, ...byName].slice(0, MAX_OPTIONS);
}

interface Completion {
  /** The textarea's props that tie it to the list (ARIA: a textbox that autocompletes from a listbox). */
  inputProps: {
    'aria-autocomplete': 'list' | undefined;
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    onSelect: () => void;
  };
  /** Called first by the textarea's keydown: true when the list used the key (arrows, Enter, Tab, Escape). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The textarea lost the focus: the list closes (it opens again when the caret comes back into a mention). */
  onBlur: () => void;
  /** The text changed by typing: the new text and where the caret is now. */
  onInput: (text: string, caret: number) => void;
  list: ReactNode;
}

/**
 * Composer @mention completion (rooms): typing `@` offers the conversation's members (people and
 * AI agents), filtered as one types; arrows move, Enter or Tab inserts `@username `, Escape closes.
 * The textarea keeps the focus (it stays a textbox: a textarea cannot take the combobox role), and
 * points at the highlighted option with aria-activedescendant.
 */
export function useMentionCompletion({
  textarea,
  text,
  candidates,
  onPick,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  text: string;
  /** Who can be mentioned; undefined or empty: no completion (1:1 conversations). */
  candidates: readonly TAgent[] | undefined;
  /** The new text after a pick. */
  onPick: (text: string) => void;
}): Completion {
  const { t } = useT();
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ key: '', index: 0 });
  const caretAfterPick = useRef<number | null>(null);

  const enabled = !!candidates && candidates.length > 0;
  const query = enabled && caret !== null ? mentionQueryAt(text, Math.min(caret, text.length)) : null;
  const options = query ? mentionOptions(candidates ?? [], query.query) : [];
  const open = query !== null && options.length > 0 && dismissedAt !== query.start;
  const key = query ? `${query.start}:${query.query}` : '';
  // Another query highlights the first option again.
  const activeIndex = active.key === key ? Math.min(active.index, options.length - 1) : 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    const element = textarea.current;
    if (at === null || !element) return;
    caretAfterPick.current = null;
    element.focus();
    element.setSelectionRange(at, at);
  }, [text, textarea]);

  const readCaret = () => {
    const element = textarea.current;
    if (enabled && element) setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);
  };

  const pick = (agent: TAgent) => {
    if (!query) return;
    const end = Math.min(caret ?? text.length, text.length);
    const inserted = `@${agent.username} `;
    const next = text.slice(0, query.start) + inserted + text.slice(end);
    caretAfterPick.current = query.start + inserted.length;
    setCaret(query.start + inserted.length);
    onPick(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive({ key, index: (activeIndex + by + options.length) % options.length });
    switch (event.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey) return false;
        pick(options[activeIndex]!);
        break;
      case 'Escape':
        setDismissedAt(query.start);
        break;
      default:
        return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const list = open && (
    <div className="absolute end-3 bottom-full start-3 z-20 mb-1 sm:end-auto sm:w-80">
      <ul
        id={listId}
        role="listbox"
        aria-label={t('Mention someone')}
        className="max-h-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {options.map((agent, index) => {
          const name = fullNameOf(agent);
          return (
            <li
              key={agent.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // The textarea keeps the focus (and the caret) while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive({ key, index })}
              onClick={() => pick(agent)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-800 dark:text-zinc-100',
                index === activeIndex && 'bg-indigo-50 dark:bg-indigo-500/20',
              )}
            >
              <AgentAvatar src={agent.avatarUrl} name={name} className="size-6" />
              <span className="min-w-0 truncate font-medium">{name}</span>
              {!agent.isHuman && <AgentKindBadge external={agent.isExternal} />}
              <span className="ms-auto shrink-0 text-xs text-zinc-600 dark:text-zinc-400"><bdi>@{agent.username}</bdi></span>
            </li>
          );
        })}
      </ul>
      <p aria-live="polite" className="sr-only">
        {t('{{count}} members to mention', { count: options.length })}
      </p>
    </div>
  );

  return {
    inputProps: {
      'aria-autocomplete': enabled ? 'list' : undefined,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(activeIndex) : undefined,
      onSelect: readCaret,
    },
    onKeyDown,
    onBlur: () => setCaret(null),
    onInput: (next, at) => {
      setCaret(at);
      // Escape closes the list for the mention being typed; leaving it lets the next one open it.
      if (dismissedAt !== null && mentionQueryAt(next, at) === null) setDismissedAt(null);
    },
    list,
  };
}
