import { lazyDialog } from '../ui/lazy-dialog';

/** Loads when first opened: see ui/lazy-dialog.tsx. */
export const AttentionDialog = lazyDialog(() => import('./attention-dialog').then((m) => m.AttentionDialog));
