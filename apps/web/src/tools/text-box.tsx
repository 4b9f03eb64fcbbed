import { cn } from '../ui/cn';

/**
 * Untrusted text from a tool (its arguments, its result) in a monospace box: always a text node,
 * never HTML. Long lines wrap anywhere and a tall text scrolls inside the box, so a 375 px screen
 * never scrolls sideways.
 */
export function TextBox({ text, label, className }: { text: string; label?: string; className?: string }) {
  return (
    // A named group (a bare <pre> may not carry a name), focusable so a keyboard can scroll a long text.
    <pre
      role="group"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'max-h-60 min-w-0 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[11px] leading-relaxed whitespace-pre-wrap wrap-anywhere text-zinc-800',
        'ring-1 ring-zinc-200 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800',
        className,
      )}
    >
      {text}
    </pre>
  );
}

/** Arguments as people read them: pretty JSON when they are JSON, else the text as given. */
export function readableArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
