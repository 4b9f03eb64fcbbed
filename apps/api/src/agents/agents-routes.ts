import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { uploadAvatar, uploadedAvatarBytes } from '../users/avatar-upload';
import { assertMayEditAiAgent, findVisibleAgent, removeAiAgentAvatar, replaceAiAgentAvatar, updateAiAgent } from './agents-service';

/** Agents by username (a leading '@' is ignored) and the edits of a team's AI agents by id. */
export const agentsRoutes = (ctx: AppContext) =>
  defineHandlers({
    getAgent: async ({ auth, params }) => ({ agent: await findVisibleAgent(ctx, params.agent, auth.agentId) }),
    updateAiAgent: async ({ auth, params, body }) => ({ agent: await updateAiAgent(ctx, params.agent, auth.agentId, body) }),
    uploadAiAgentAvatar: {
      // Who may change the avatar is settled before the upload is read: an outsider's bytes are never parsed.
      before: [
        async (req, res, next) => {
          res.locals.agentId = (await assertMayEditAiAgent(ctx, String(req.params.agent), req.auth!.agentId)).id;
          next();
        },
        uploadAvatar(),
      ],
      handle: async ({ req, res }) => ({ agent: await replaceAiAgentAvatar(ctx, res.locals.agentId as string, uploadedAvatarBytes(req)) }),
    },
    removeAiAgentAvatar: async ({ auth, params }) => ({ agent: await removeAiAgentAvatar(ctx, params.agent, auth.agentId) }),
  });
