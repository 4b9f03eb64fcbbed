import { useRef, useState } from 'react';
import { BookOpen } from 'lucide-react';
import { AGENT_TOOL_TEXTS as T } from '@agentroom/shared';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { lazyDialog } from '../ui/lazy-dialog';

// Every AI reply has this button; its dialog (and the query behind it) loads when first asked for.
const ReplyContextDialog = lazyDialog(() => import('./reply-context-dialog').then((m) => m.ReplyContextDialog));

/** "What Atlas read" among an AI reply's actions: the messages, files and tool results that went into it. */
export function ReplyContextButton({ messageId, agentName, className }: { messageId: string; agentName: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { tf } = useT();
  const label = tf(T.whatAgentRead, agentName);
  // The dialog has no Radix trigger (it is lazy), so Radix gives focus back to nothing: the button takes it back.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
        onPointerEnter={ReplyContextDialog.preload}
        onFocus={ReplyContextDialog.preload}
        className={cn('rounded-md p-1 transition', className, focusRing)}
      >
        <BookOpen aria-hidden="true" className="size-3.5" />
      </button>
      <ReplyContextDialog open={open} onOpenChange={onOpenChange} messageId={messageId} agentName={agentName} />
    </>
  );
}
