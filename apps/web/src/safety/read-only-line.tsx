import { Lock } from 'lucide-react';
import { READ_ONLY_LINES, type TReadOnlyReason } from '@agentroom/shared';
import { useT } from '../i18n';

/** In place of the composer of a 1:1 that takes no new messages: the reason, plainly (decision 0022). */
export function ReadOnlyLine({ reason }: { reason: TReadOnlyReason }) {
  const { t } = useT();
  return (
    <p
      role="status"
      data-testid="read-only-line"
      className="flex items-center gap-2 border-t border-zinc-200 bg-white px-4 py-3 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <Lock aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
      {t(READ_ONLY_LINES[reason])}
    </p>
  );
}

/**
 * Why the viewer may not write to `otherId`: the server's reason, corrected by the viewer's own
 * blocks as they change on this screen (a block or an unblock takes effect without a reload).
 */
export function readOnlyReasonOf(
  serverReason: TReadOnlyReason | null | undefined,
  otherId: string | undefined,
  blocked: ReadonlySet<string> | undefined,
): TReadOnlyReason | null {
  if (!blocked || !otherId) return serverReason ?? null;
  if (blocked.has(otherId)) return 'blocked';
  return serverReason === 'blocked' ? null : (serverReason ?? null);
}
