import { AVATAR_UPLOAD_FIELD, type TAgent } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** Progress of an upload, 0–1. */
export type UploadProgress = (fraction: number) => void;

const AVATAR_FALLBACK = 'Could not save the avatar';

function form(file: File): FormData {
  const body = new FormData();
  body.append(AVATAR_UPLOAD_FIELD, file, file.name);
  return body;
}

/** Avatar uploads (multipart, one image) and removals: your own and an AI agent's (its team's managers). */
export const avatarApi = {
  uploadMine: (file: File, onUploadProgress?: UploadProgress): Promise<TAgent> =>
    call(routes.uploadOwnAvatar, { body: form(file), fallback: AVATAR_FALLBACK, onUploadProgress }).then((d) => d.agent),

  removeMine: (): Promise<TAgent> => call(routes.removeOwnAvatar, { fallback: AVATAR_FALLBACK }).then((d) => d.agent),

  uploadForAgent: (agentId: string, file: File, onUploadProgress?: UploadProgress): Promise<TAgent> =>
    call(routes.uploadAiAgentAvatar, { params: { agent: agentId }, body: form(file), fallback: AVATAR_FALLBACK, onUploadProgress }).then((d) => d.agent),

  removeForAgent: (agentId: string): Promise<TAgent> =>
    call(routes.removeAiAgentAvatar, { params: { agent: agentId }, fallback: AVATAR_FALLBACK }).then((d) => d.agent),
};
