import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ToolCallRow } from '../../db/rows';
import { teamMembers, toolCalls } from '../../db/schema';

export type NewToolCall = typeof toolCalls.$inferInsert;

/** A model call's tool calls, recorded before any of them runs (in the caller's transaction). */
export async function insertToolCalls(db: DbOrTx, rows: NewToolCall[]): Promise<ToolCallRow[]> {
  if (rows.length === 0) return [];
  return db.insert(toolCalls).values(rows).onConflictDoNothing().returning();
}

/** Every recorded call of a reply, in the order the model asked for them. */
export function findJobToolCalls(db: DbOrTx, jobId: string): Promise<ToolCallRow[]> {
  return db.select().from(toolCalls).where(eq(toolCalls.jobId, jobId)).orderBy(asc(toolCalls.step), asc(toolCalls.callIndex));
}

export async function findToolCall(db: DbOrTx, id: string): Promise<ToolCallRow | undefined> {
  const [row] = await db.select().from(toolCalls).where(eq(toolCalls.id, id));
  return row;
}

export async function setToolCallMessage(db: DbOrTx, id: string, messageId: string) {
  await db.update(toolCalls).set({ messageId }).where(eq(toolCalls.id, id));
}

/** An approved call starts: false when it is no longer approved (someone else started it). */
export async function startToolCall(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(toolCalls)
    .set({ status: 'running', startedAt: new Date() })
    .where(and(eq(toolCalls.id, id), eq(toolCalls.status, 'approved')))
    .returning({ id: toolCalls.id });
  return rows.length > 0;
}

/** A call ends with its result (or its error), from 'running' or, for a call never run, from where it stands. */
export async function endToolCall(db: DbOrTx, id: string, from: ToolCallRow['status'], result: { status: 'done' | 'error'; text: string; isError: boolean }) {
  await db
    .update(toolCalls)
    .set({ status: result.status, result: result.text, isError: result.isError, finishedAt: new Date() })
    .where(and(eq(toolCalls.id, id), eq(toolCalls.status, from)));
}

/**
 * Decides a waiting call, once: the one conditional update two approvals at once (or a sweep) race
 * on. Undefined when it was already decided or has expired.
 */
export async function decideToolCall(
  db: DbOrTx,
  id: string,
  decision: { status: 'approved' | 'denied'; decidedBy: string; result?: string },
): Promise<ToolCallRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(toolCalls)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: now,
      ...(decision.result !== undefined ? { result: decision.result, isError: true, finishedAt: now } : {}),
    })
    .where(and(eq(toolCalls.id, id), eq(toolCalls.status, 'pending_approval'), gt(toolCalls.expiresAt, now)))
    .returning();
  return row;
}

/** Waiting calls past their expiry (up to `limit`), oldest first. */
export function findDueToolCallIds(db: DbOrTx, now: Date, limit: number): Promise<{ id: string; jobId: string }[]> {
  return db
    .select({ id: toolCalls.id, jobId: toolCalls.jobId })
    .from(toolCalls)
    .where(and(eq(toolCalls.status, 'pending_approval'), lte(toolCalls.expiresAt, now)))
    .orderBy(asc(toolCalls.expiresAt))
    .limit(limit);
}

/** Expires one waiting call past its time, once (undefined when it was decided or expired meanwhile). */
export async function expireToolCallRow(db: DbOrTx, id: string, now: Date, result: string): Promise<ToolCallRow | undefined> {
  const [row] = await db
    .update(toolCalls)
    .set({ status: 'expired', result, isError: true, decidedAt: now, finishedAt: now })
    .where(and(eq(toolCalls.id, id), eq(toolCalls.status, 'pending_approval'), lte(toolCalls.expiresAt, now)))
    .returning();
  return row;
}

/** The waiting calls of stopped replies end expired (nobody will decide them now). */
export async function expireJobsPendingCalls(db: DbOrTx, jobIds: string[], result: string): Promise<ToolCallRow[]> {
  if (jobIds.length === 0) return [];
  const now = new Date();
  return db
    .update(toolCalls)
    .set({ status: 'expired', result, isError: true, decidedAt: now, finishedAt: now })
    .where(and(inArray(toolCalls.jobId, jobIds), eq(toolCalls.status, 'pending_approval')))
    .returning();
}

export async function countPendingToolCalls(db: DbOrTx, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(toolCalls)
    .where(and(eq(toolCalls.jobId, jobId), eq(toolCalls.status, 'pending_approval')));
  return row?.n ?? 0;
}

/** The active owners' and admins' ids of a team. */
export async function findTeamManagerIds(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ agentId: teamMembers.agentId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt), inArray(sql`lower(${teamMembers.role})`, ['owner', 'admin'])));
  return rows.map((r) => r.agentId);
}

/**
 * How many times a reply was parked for approval and decided since: each such resume is a claim
 * of its own (attempts + 1) that is no crash, so the runner allows that many attempts more.
 */
export async function countApprovalResumes(db: DbOrTx, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${toolCalls.step})::int` })
    .from(toolCalls)
    .where(and(eq(toolCalls.jobId, jobId), sql`${toolCalls.expiresAt} is not null`, sql`${toolCalls.status} <> 'pending_approval'`));
  return row?.n ?? 0;
}
