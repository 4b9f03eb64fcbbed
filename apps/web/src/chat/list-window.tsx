import type { IndexLocationWithAlign } from 'react-virtuoso';
import { useT } from '../i18n';
import { Button } from '../ui/button';

/** What the list footer needs when the list is a window around an older message (a search hit). */
export interface NewerContext {
  hasNewer: boolean;
  loadingNewer: boolean;
  onLoadNewer?: () => void;
}

/** Below the last message: 'Load newer messages' while the window does not reach the newest one. */
export function LoadNewerFooter({ context }: { context?: NewerContext }) {
  const { t } = useT();
  if (!context?.hasNewer || !context.onLoadNewer) return <div className="h-3" />;
  return (
    <div className="flex justify-center pt-2 pb-3">
      <Button size="sm" variant="secondary" loading={context.loadingNewer} onClick={context.onLoadNewer}>
        {t('Load newer messages')}
      </Button>
    </div>
  );
}

/** Where the list opens: centred on the focused message when there is one in it, else at the newest. */
export function initialItemOf(items: readonly { kind: string; key: string; message?: { id: string } }[], focusId: string | undefined): IndexLocationWithAlign {
  const index = focusId ? items.findIndex((item) => item.kind === 'message' && item.message?.id === focusId) : -1;
  return index === -1 ? { index: 'LAST', align: 'end' } : { index, align: 'center' };
}
