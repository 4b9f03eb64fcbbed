import { ACCOUNT_TEXTS, type TAccountSession } from '@agentroom/shared';
import type { AppContext, AuthState } from '../context';
import { notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { listLiveSessions, revokeOwnSession, revokeSessionsExcept } from '../auth/sessions-repo';
import { deviceName } from './device-name';
import { publishSessionsEnded } from './session-ends';

/** GET /users/me/sessions: every live session, with its device and when it was last seen; this one first. */
export async function listSessions(ctx: AppContext, auth: AuthState): Promise<TAccountSession[]> {
  const rows = await listLiveSessions(ctx.db, auth.accountId);
  const thisOneFirst = [...rows.filter((row) => row.id === auth.sessionId), ...rows.filter((row) => row.id !== auth.sessionId)];
  return thisOneFirst.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    createdAt: row.createdAt.toISOString(),
    current: row.id === auth.sessionId,
  }));
}

/** DELETE /users/me/sessions/:id: one of the caller's own live sessions (this one too, like signing out). */
export async function signOutSession(ctx: AppContext, auth: AuthState, sessionId: string): Promise<{ signedOut: number }> {
  await inTransaction(ctx.db, async (tx) => {
    const revoked = await revokeOwnSession(tx, auth.accountId, sessionId);
    if (!revoked) throw notFound(ACCOUNT_TEXTS.sessionNotFound);
    publishSessionsEnded(ctx, [revoked]);
  });
  return { signedOut: 1 };
}

/** DELETE /users/me/sessions: "Sign out everywhere else". */
export async function signOutOtherSessions(ctx: AppContext, auth: AuthState): Promise<{ signedOut: number }> {
  const ended = await inTransaction(ctx.db, async (tx) => {
    const ids = await revokeSessionsExcept(tx, auth.accountId, auth.sessionId);
    publishSessionsEnded(ctx, ids);
    return ids;
  });
  return { signedOut: ended.length };
}
