import { lazyDialog } from '../ui/lazy-dialog';

// The team dialogs load when first opened (their forms carry zod): see ui/lazy-dialog.tsx.
export const CreateTeamDialog = lazyDialog(() => import('./create-team-dialog').then((m) => m.CreateTeamDialog));
