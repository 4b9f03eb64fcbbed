import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { deleteAccount, sendDeleteAccountLink } from './account-deletion';
import { confirmEmailChange, requestEmailChange } from './email-change-service';
import { changePassword } from './password-service';
import { updateProfile } from './profile-service';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions-service';

/** Your account: profile, email, password, sessions and deletion. */
export const accountRoutes = (ctx: AppContext) =>
  defineHandlers({
    updateProfile: async ({ auth, body }) => ({ profile: await updateProfile(ctx, auth.accountId, auth.agentId, body) }),
    requestEmailChange: async ({ auth, body }) => {
      await requestEmailChange(ctx, auth.accountId, body);
      return { sent: true as const };
    },
    confirmEmailChange: async ({ body }) => ({ user: await confirmEmailChange(ctx, body.token) }),
    changePassword: ({ auth, body }) => changePassword(ctx, auth, body),
    listSessions: async ({ auth }) => ({ sessions: await listSessions(ctx, auth) }),
    signOutSession: ({ auth, params }) => signOutSession(ctx, auth, params.id),
    signOutOtherSessions: ({ auth }) => signOutOtherSessions(ctx, auth),
    sendDeleteAccountLink: async ({ auth }) => {
      await sendDeleteAccountLink(ctx, auth.accountId);
      return { sent: true as const };
    },
    deleteAccount: ({ auth, body }) => deleteAccount(ctx, auth, body),
  });
