import type { ReactElement } from 'react';
import { Popover } from 'radix-ui';
import { REACTION_PALETTE } from '@agentroom/shared';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';

/** The open palette, anchored to the smiley button it was opened from (`trigger`). */
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
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={4}
          aria-label="Reactions"
          className="z-50 flex gap-0.5 rounded-full border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {REACTION_PALETTE.map((emoji) => {
            const pressed = mine.has(emoji);
            return (
              <button
                key={emoji}
                type="button"
                aria-pressed={pressed}
                aria-label={`React with ${emoji}`}
                onClick={() => {
                  onOpenChange(false);
                  onPick(emoji, !pressed);
                }}
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
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
