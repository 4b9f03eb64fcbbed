import { lazyDialog } from '../ui/lazy-dialog';

/** Loads when first opened: see ui/lazy-dialog.tsx. */
export const NotificationSettingsDialog = lazyDialog(() =>
  import('./notification-settings-dialog').then((m) => m.NotificationSettingsDialog),
);
