import { useQueryClient } from '@tanstack/react-query';
import { uploadedAvatarIdOf, type TAgent } from '@agentroom/shared';
import { avatarApi, type UploadProgress } from '../api/avatar-api';
import { useAuth } from '../auth/auth-context';
import { applyAgentUpdate } from '../realtime/agent-cache';

/** The picker's two actions; each answers the agent as the server now presents it. */
export interface AvatarActions {
  upload: (file: File, onProgress: UploadProgress) => Promise<TAgent>;
  remove: () => Promise<TAgent>;
}

/** After a change, every cached card, preview and lookup of the agent shows it (as `agent:updated` does for others). */
function useSettle(): (agent: TAgent) => Promise<TAgent> {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async (agent) => {
    applyAgentUpdate(queryClient, agent);
    // The profile's own copy (`profile.avatar`) is refetched rather than patched.
    await queryClient.invalidateQueries({ queryKey: ['users', user?.id] });
    return agent;
  };
}

/** The signed-in user's own avatar. */
export function useMyAvatar(): AvatarActions {
  const settle = useSettle();
  return {
    upload: (file, onProgress) => avatarApi.uploadMine(file, onProgress).then(settle),
    remove: () => avatarApi.removeMine().then(settle),
  };
}

/** AI agents' avatars (their team's owners and admins), by agent id: a new agent's is sent once it exists. */
export function useAgentAvatars() {
  const settle = useSettle();
  return {
    upload: (agentId: string, file: File, onProgress?: UploadProgress) => avatarApi.uploadForAgent(agentId, file, onProgress).then(settle),
    remove: (agentId: string) => avatarApi.removeForAgent(agentId).then(settle),
  };
}

/** Whether an avatar address is an uploaded image (which can be removed) rather than a generated one. */
export const isUploadedAvatar = (url: string | undefined) => uploadedAvatarIdOf(url) !== undefined;
