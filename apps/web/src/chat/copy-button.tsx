import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { COMPOSER_TEXTS } from '@agentroom/shared';
import { t, useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { toast } from '../ui/toast';

/** How long the button says 'Copied' before it offers to copy again. */
const COPIED_FOR_MS = 2_000;

/** Copies `text()` to the clipboard (read when clicked, so it is what shows then) and says so. */
export function CopyButton({ label, text, className }: { label: string; text: () => string; className?: string }) {
  useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopied(true);
    } catch {
      toast.error(t(COMPOSER_TEXTS.copyFailed));
    }
  };
  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      aria-label={copied ? t(COMPOSER_TEXTS.copied) : label}
      title={copied ? t(COMPOSER_TEXTS.copied) : label}
      onClick={() => void copy()}
      className={cn('rounded-md p-1 transition', focusRing, className)}
    >
      <Icon aria-hidden="true" className="size-3.5" />
    </button>
  );
}
