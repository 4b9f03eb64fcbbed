import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Bell, BellOff } from 'lucide-react';
import { ATTENTION_TEXTS as T, type TConversation } from '@agentroom/shared';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { useConversationSettings } from './use-conversation-settings';

const NotifyMenuDropdown = lazy(() => import('./notify-menu-dropdown').then((m) => ({ default: m.NotifyMenuDropdown })));
const preload = () => void import('./notify-menu-dropdown').catch(() => {});

/**
 * The bell in a chat's or a room's header: notifications all / mentions only / nothing, and mute.
 * Until it is first used it is a plain button: the menu (radix's dropdown, its focus and roving
 * parts) is not on any conversation's first screen; a pointer or the focus near it starts loading it,
 * and the first press opens it once it is in.
 */
export function ConversationNotifyMenu({
  conversation,
  className,
}: {
  conversation: Pick<TConversation, 'id' | 'notifyLevel' | 'muted'>;
  className?: string;
}) {
  const { t } = useT();
  const state = useConversationSettings(conversation);
  const { settings } = state;
  const [pressed, setPressed] = useState(false);
  const quiet = settings.muted || settings.notifyLevel === 'none';
  const Icon = quiet ? BellOff : Bell;
  const trigger: ComponentProps<'button'> = {
    type: 'button',
    'aria-label': t(T.notifyMenu),
    title: t(T.notifyMenu),
    'aria-haspopup': 'menu',
    'data-testid': 'notify-menu',
    'data-notify-level': settings.notifyLevel,
    'data-muted': settings.muted ? 'true' : 'false',
    className: cn(
      'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50',
      focusRing,
      className,
    ),
    children: <Icon aria-hidden="true" className="size-5" />,
  } as ComponentProps<'button'>;
  const plain = <button {...trigger} aria-expanded={false} onPointerEnter={preload} onFocus={preload} onClick={() => setPressed(true)} />;
  if (!pressed) return plain;
  return (
    <Suspense fallback={plain}>
      <NotifyMenuDropdown state={state} trigger={trigger} defaultOpen />
    </Suspense>
  );
}
