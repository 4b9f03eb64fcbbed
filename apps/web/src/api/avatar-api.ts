import { AVATAR_UPLOAD_FIELD, type TAgent, type TAgentResponse } from '@agentroom/shared';
import { http } from './api-client';

/** Progress of an upload, 0–1. */
export type UploadProgress = (fraction: number) => void;

const AVATAR_FALLBACK = 'Could not save the avatar';
const agentAvatarPath = (agentId: string) => `/agents/${encodeURIComponent(agentId)}/avatar`;

function form(file: File): FormData {
  const body = new FormData();
  body.append(AVATAR_UPLOAD_FIELD, file, file.name);
  return body;
}

/** Avatar uploads (multipart, one image) and removals: your own and an AI agent's (its team's managers). */
export const avatarApi = {
  uploadMine: (file: File, onUploadProgress?: UploadProgress): Promise<TAgent> =>
    http.put<TAgentResponse>('/users/me/avatar', form(file), { fallback: AVATAR_FALLBACK, onUploadProgress }).then((d) => d.agent),

  removeMine: (): Promise<TAgent> => http.delete<TAgentResponse>('/users/me/avatar', { fallback: AVATAR_FALLBACK }).then((d) => d.agent),

  uploadForAgent: (agentId: string, file: File, onUploadProgress?: UploadProgress): Promise<TAgent> =>
    http.put<TAgentResponse>(agentAvatarPath(agentId), form(file), { fallback: AVATAR_FALLBACK, onUploadProgress }).then((d) => d.agent),

  removeForAgent: (agentId: string): Promise<TAgent> =>
    http.delete<TAgentResponse>(agentAvatarPath(agentId), { fallback: AVATAR_FALLBACK }).then((d) => d.agent),
};
