import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { focusRing } from './button';
import { useT } from '../i18n';
import { cn } from './cn';

interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

// Overlays share their content's layer, so a dialog opened from another (Profile from the phone's
// navigation drawer) dims the one beneath it: same z-index, painted in the order they opened.
const overlay = 'fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-[2px]';

function CloseButton() {
  const { t } = useT();
  return (
    <Dialog.Close
      aria-label={t('Close')}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
        focusRing,
      )}
    >
      <X aria-hidden="true" className="size-4" />
    </Dialog.Close>
  );
}

function Header({ title, description }: { title: string; description?: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <Dialog.Title className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</Dialog.Title>
        {description ? (
          <Dialog.Description className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{description}</Dialog.Description>
        ) : (
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
        )}
      </div>
      <CloseButton />
    </div>
  );
}

/** Radix's dialog with the overlay: focus trap, Escape, and the page behind it inert. */
function DialogFrame({ open, onOpenChange, className, children }: Pick<DialogShellProps, 'open' | 'onOpenChange' | 'className' | 'children'>) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content className={className}>{children}</Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A centred, accessible dialog (focus trap, Escape, labelled by its title). */
export function Modal({ open, onOpenChange, title, description, children, className }: DialogShellProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className={cn(
        'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
        'rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl outline-none dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      <Header title={title} description={description} />
      <div className="mt-5">{children}</div>
    </DialogFrame>
  );
}

/** A drawer at the inline end (the right edge, the left one right-to-left), full height. */
export function Sheet({ open, onOpenChange, title, description, children, className }: DialogShellProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className={cn(
        'fixed inset-y-0 end-0 z-50 flex w-full max-w-sm flex-col border-s border-zinc-200 bg-white shadow-2xl outline-none',
        // Slides in from the inline end: from the right, and from the left when the page reads right to left.
        'transition-transform duration-200 ease-out motion-reduce:transition-none ltr:starting:translate-x-full rtl:starting:-translate-x-full',
        'dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      <div className="border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
        <Header title={title} description={description} />
      </div>
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
    </DialogFrame>
  );
}
