import { useState } from 'react';
import { initialsOf } from '@agentroom/shared';
import { assetUrl } from '../lib/asset-url';
import { cn } from '../ui/cn';

/**
 * A round avatar; if the image cannot load, the name's initials take its place (until the address
 * changes), by the rule the generated avatars use (shared initialsOf), so a person looks the same.
 */
export function AgentAvatar({ src, name, className }: { src: string; name: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const classes = cn('size-10 shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800', className);
  if (failed || !src)
    return (
      <span
        role="img"
        aria-label={name}
        className={cn(classes, 'inline-flex items-center justify-center text-xs font-semibold text-zinc-600 dark:text-zinc-300')}
      >
        {initialsOf(name) || '?'}
      </span>
    );
  return <img src={assetUrl(src)} alt={name} className={classes} onError={() => setFailedSrc(src)} loading="lazy" />;
}
