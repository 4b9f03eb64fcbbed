import { randomUUID } from 'node:crypto';
import { TEAM_ERRORS, uploadedAvatarIdOf, uploadedAvatarUrl } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { AgentRow } from '../db/rows';
import { notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { renderAvatar } from './avatar-images';
import { publishAgentUpdated } from './agent-updated';
import { lockAgent, setAgentBiometric } from './users-repo';

/** Deletes an uploaded avatar's file, if the address is one; a file already gone is fine. */
export async function deleteAvatarFile(ctx: AppContext, avatarUrl: string | undefined): Promise<void> {
  const id = uploadedAvatarIdOf(avatarUrl);
  if (!id) return;
  await ctx.files.delete('avatars', id).catch((error: unknown) =>
    ctx.logger.warn({ err: error, avatarId: id }, 'could not delete a replaced avatar'),
  );
}

/**
 * Sets (a new address) or clears (undefined) the agent's avatar. The row is locked, so two racing
 * changes each replace what the other left; the previous uploaded file goes once the change has
 * committed, and everyone who sees the agent hears of it (`agent.updated` with the new shape).
 */
async function swapAvatar(ctx: AppContext, agentId: string, avatarUrl: string | undefined): Promise<AgentRow> {
  const { row, previous } = await inTransaction(ctx.db, async (tx) => {
    const current = await lockAgent(tx, agentId);
    if (!current) throw notFound(TEAM_ERRORS.agentNotFound);
    const { avatarUrl: old, ...rest } = current.biometric;
    const updated = await setAgentBiometric(tx, agentId, avatarUrl ? { ...rest, avatarUrl } : rest);
    publishAgentUpdated(ctx.events, updated);
    return { row: updated, previous: old };
  });
  if (previous !== avatarUrl) await deleteAvatarFile(ctx, previous);
  return row;
}

/**
 * Makes uploaded bytes the agent's avatar: sniffed and resized (renderAvatar: 415 or 400 before
 * anything is stored), written under a fresh random id, then recorded. Access is the caller's check.
 */
export async function replaceAvatar(ctx: AppContext, agentId: string, bytes: Buffer): Promise<AgentRow> {
  const rendered = await renderAvatar(bytes);
  const id = randomUUID();
  await ctx.files.put('avatars', id, rendered, 'image/webp');
  try {
    return await swapAvatar(ctx, agentId, uploadedAvatarUrl(id));
  } catch (error) {
    await ctx.files.delete('avatars', id).catch(() => undefined);
    throw error;
  }
}

/** Back to the generated avatar; the uploaded file (if any) is deleted. */
export function removeAvatar(ctx: AppContext, agentId: string): Promise<AgentRow> {
  return swapAvatar(ctx, agentId, undefined);
}
