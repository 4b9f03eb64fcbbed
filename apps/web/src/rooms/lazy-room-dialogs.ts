import { lazyDialog } from '../ui/lazy-dialog';

// The room dialogs load when first opened (their forms carry zod): see ui/lazy-dialog.tsx.
export const CreateRoomDialog = lazyDialog(() => import('./create-room-dialog').then((m) => m.CreateRoomDialog));
export const BrowseRoomsDialog = lazyDialog(() => import('./browse-rooms-dialog').then((m) => m.BrowseRoomsDialog));
export const RoomSettingsDialog = lazyDialog(() => import('./room-settings-dialog').then((m) => m.RoomSettingsDialog));
