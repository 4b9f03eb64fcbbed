import type { ComponentProps } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { ATTENTION_TEXTS as T, NOTIFY_LEVELS, type TNotifyLevel } from '@agentroom/shared';
import { useT } from '../i18n';
import { cn } from '../ui/cn';
import type { useConversationSettings } from './use-conversation-settings';

const item = cn(
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-800 outline-none select-none',
  'data-[highlighted]:bg-zinc-100 dark:text-zinc-100 dark:data-[highlighted]:bg-zinc-800',
);

/** The bell's menu (radix), once first opened: see conversation-notify-menu.tsx. */
export function NotifyMenuDropdown({
  state: { settings, change, pending },
  trigger,
  defaultOpen,
}: {
  state: ReturnType<typeof useConversationSettings>;
  /** The bell button's props and icon, the same as before the menu loaded. */
  trigger: ComponentProps<'button'>;
  defaultOpen: boolean;
}) {
  const { t } = useT();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-xl border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{t(T.notifyMenu)}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={settings.notifyLevel}
            onValueChange={(value) => {
              if (!pending && value !== settings.notifyLevel) change({ notifyLevel: value as TNotifyLevel });
            }}
          >
            {NOTIFY_LEVELS.map((level) => (
              <DropdownMenu.RadioItem key={level} value={level} className={item}>
                <span className="inline-flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {t(T.notifyLevels[level])}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-700" />
          <DropdownMenu.CheckboxItem
            checked={settings.muted}
            onCheckedChange={(muted) => {
              if (!pending) change({ muted });
            }}
            className={item}
          >
            <span className="inline-flex size-4 items-center justify-center">
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4" />
              </DropdownMenu.ItemIndicator>
            </span>
            {t(T.mute)}
          </DropdownMenu.CheckboxItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
