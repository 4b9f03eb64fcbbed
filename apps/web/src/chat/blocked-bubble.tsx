import { useState, type ReactNode } from 'react';
import { EyeOff } from 'lucide-react';
import { SAFETY_TEXTS, type TListMessage } from '@agentroom/shared';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { BubbleFrame, fullTimeOf } from './bubble-parts';

/**
 * A message from someone the reader blocked: collapsed to "Message from a blocked person"; a click
 * shows it as usual (decision 0022). The reveal lasts while the bubble is on screen.
 */
export function BlockedBubble({
  message,
  own,
  firstInGroup,
  reveal,
}: {
  message: TListMessage;
  own: boolean;
  firstInGroup: boolean;
  reveal: () => ReactNode;
}) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  if (shown) return reveal();
  const fullTime = fullTimeOf(message.timestamp);
  return (
    <BubbleFrame message={message} own={own} firstInGroup={firstInGroup} fullTime={fullTime} marks={{ 'data-blocked': 'true' }}>
      <button
        type="button"
        title={t(SAFETY_TEXTS.showBlockedMessage)}
        onClick={() => setShown(true)}
        className={cn(
          'flex items-center gap-1.5 rounded-2xl border border-dashed border-zinc-300 px-3.5 py-2 text-sm text-zinc-500 italic hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-900',
          focusRing,
        )}
      >
        <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
        {t(SAFETY_TEXTS.blockedMessage)}
        <span className="sr-only">: {t(SAFETY_TEXTS.showBlockedMessage)}</span>
      </button>
    </BubbleFrame>
  );
}
