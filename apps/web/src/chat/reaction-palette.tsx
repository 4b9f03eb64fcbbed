import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Plus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { COMPOSER_TEXTS, REACTION_PALETTE } from '@agentroom/shared';
import { useT } from '../i18n';
import { Spinner } from '../ui/spinner';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';

const FullEmojiPicker = lazy(() => import('./full-emoji-picker').then((m) => ({ default: m.FullEmojiPicker })));

/** The open palette (the quick reactions, then 'More reactions': every emoji), anchored to the smiley button it was opened from (`trigger`). */
export function ReactionPalette({
  open,
  onOpenChange,
  trigger,
  mine,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
  mine: ReadonlySet<string>;
  onPick: (emoji: string, reacted: boolean) => void;
}) {
  const { t } = useT();
  const [full, setFull] = useState(false);
  // Opened again, the palette starts with the quick reactions (however it was closed last time).
  if (!open && full) setFull(false);
  const pick = (emoji: string) => {
    onOpenChange(false);
    onPick(emoji, !mine.has(emoji));
  };
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={4}
          collisionPadding={8}
          aria-label={t('Reactions')}
          className="z-50 flex max-w-[calc(100vw-1rem)] flex-col gap-1 rounded-2xl border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <div className="flex gap-0.5">
            {REACTION_PALETTE.map((emoji) => {
              const pressed = mine.has(emoji);
              return (
                <button
                  key={emoji}
                  type="button"
                  aria-pressed={pressed}
                  aria-label={t('React with {{emoji}}', { emoji })}
                  onClick={() => pick(emoji)}
                  className={cn(
                    'size-8 rounded-full text-lg leading-none transition hover:bg-zinc-100 dark:hover:bg-zinc-800',
                    pressed && 'bg-indigo-50 dark:bg-indigo-950',
                    focusRing,
                  )}
                >
                  {emoji}
                </button>
              );
            })}
            {!full && (
              <button
                type="button"
                aria-label={t(COMPOSER_TEXTS.moreReactions)}
                title={t(COMPOSER_TEXTS.moreReactions)}
                onClick={() => setFull(true)}
                className={cn('inline-flex size-8 items-center justify-center rounded-full text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100', focusRing)}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
            )}
          </div>
          {full && (
            <Suspense fallback={<Spinner label={t(COMPOSER_TEXTS.emojiPickerLoading)} className="m-4 size-5 self-center text-indigo-600 dark:text-indigo-400" />}>
              <FullEmojiPicker onPick={pick} />
            </Suspense>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
