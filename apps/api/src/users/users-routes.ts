import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { uploadAvatar, uploadedAvatarBytes } from './avatar-upload';
import { ownProfile, removeOwnAvatar, replaceOwnAvatar } from './users-service';

/** The caller's own profile and avatar. */
export const usersRoutes = (ctx: AppContext) =>
  defineHandlers({
    getProfile: async ({ auth }) => ({ profile: await ownProfile(ctx, auth.accountId) }),
    uploadOwnAvatar: {
      before: [uploadAvatar()],
      handle: async ({ auth, req }) => ({ agent: await replaceOwnAvatar(ctx, auth.agentId, uploadedAvatarBytes(req)) }),
    },
    removeOwnAvatar: async ({ auth }) => ({ agent: await removeOwnAvatar(ctx, auth.agentId) }),
  });
