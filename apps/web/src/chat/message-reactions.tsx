import { lazy, Suspense, useState } from 'react';
import { SmilePlus } from 'lucide-react';
import { hasReacted, type TMessageReaction } from '@agentroom/shared';
import { t, useLanguage, useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';

const ReactionPalette = lazy(() => import('./reaction-palette').then((m) => ({ default: m.ReactionPalette })));

const chip =
  'inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs tabular-nums transition-colors disabled:pointer-events-none';

/** One number format per language: building an `Intl.NumberFormat` costs more than drawing a bubble. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormatFor(language: string): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)));
  return format;
}

/** "Maya Chen and Sam Lee reacted with 👍" (the chip's label and tooltip). */
function reactedByText(reaction: TMessageReaction): string {
  const names = reaction.agents.map((agent) => fullNameOf(agent));
  const who = names.length <= 1 ? (names[0] ?? '') : t('{{names}} and {{last}}', { names: names.slice(0, -1).join(', '), last: names.at(-1) });
  return t('{{names}} reacted with {{emoji}}', { names: who, emoji: reaction.emoji });
}

/**
 * The palette behind a small smiley button: one click reacts (or takes one's reaction back). Every
 * bubble has the button, so until it is first opened it is a plain button: the popover (radix,
 * floating-ui) loads then, and no bubble pays for it on the chat's first render.
 */
export function ReactionPicker({
  mine,
  onPick,
  className,
}: {
  /** Emojis the viewer has already used on this message (shown pressed). */
  mine: ReadonlySet<string>;
  onPick: (emoji: string, reacted: boolean) => void;
  className?: string;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = (
    <button
      type="button"
      aria-label={t('Add reaction')}
      title={t('Add reaction')}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => {
        setOpened(true);
        setOpen(true);
      }}
      className={cn(
        'rounded-md p-1 text-zinc-400 transition hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200',
        focusRing,
        className,
      )}
    >
      <SmilePlus aria-hidden="true" className="size-3.5" />
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <ReactionPalette open={open} onOpenChange={setOpen} trigger={button} mine={mine} onPick={onPick} />
    </Suspense>
  );
}

/** Reaction chips under a bubble: emoji and count, pressed when the viewer reacted; a click toggles it. */
export function ReactionChips({
  reactions,
  selfAgentId,
  own,
  onToggle,
}: {
  reactions: readonly TMessageReaction[];
  selfAgentId: string;
  own: boolean;
  onToggle?: (emoji: string, reacted: boolean) => void;
}) {
  const { t } = useT();
  const language = useLanguage();
  if (reactions.length === 0) return null;
  const number = numberFormatFor(language);
  return (
    <ul aria-label={t('Reactions')} className={cn('mt-1 flex flex-wrap gap-1', own && 'justify-end')}>
      {reactions.map((reaction) => {
        const mine = hasReacted(reaction, selfAgentId);
        const label = reactedByText(reaction);
        const shown = number.format(reaction.count);
        return (
          <li key={reaction.emoji}>
            <button
              type="button"
              aria-pressed={mine}
              aria-label={t('{{label}} ({{number}})', { label, number: shown })}
              title={label}
              disabled={!onToggle}
              onClick={() => onToggle?.(reaction.emoji, !mine)}
              className={cn(
                chip,
                mine
                  ? 'border-indigo-300 bg-indigo-50 text-indigo-800 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
                  : 'border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800',
                focusRing,
              )}
            >
              <span aria-hidden="true">{reaction.emoji}</span>
              <span aria-hidden="true">{shown}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
