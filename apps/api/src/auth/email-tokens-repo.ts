import { and, count, eq, gt, isNull, max } from 'drizzle-orm';
import { CHANGE_EMAIL_TOKEN_TTL_MS, DELETE_ACCOUNT_TOKEN_TTL_MS, MAGIC_LINK_TTL_MS, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { emailTokens, type TEmailTokenPurpose } from '../db/schema';
import { generateEmailToken, sha256 } from './tokens';

const TTL_MS: Record<TEmailTokenPurpose, number> = {
  verify_email: VERIFY_TOKEN_TTL_MS,
  reset_password: RESET_TOKEN_TTL_MS,
  magic_link: MAGIC_LINK_TTL_MS,
  change_email: CHANGE_EMAIL_TOKEN_TTL_MS,
  delete_account: DELETE_ACCOUNT_TOKEN_TTL_MS,
};

/** Issues a fresh token; older unused ones of the same purpose die, so only the newest link works. */
export async function issueEmailToken(tx: DbOrTx, accountId: string, purpose: TEmailTokenPurpose, newEmail?: string): Promise<string> {
  const now = new Date();
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.accountId, accountId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const { raw, hash } = generateEmailToken();
  await tx
    .insert(emailTokens)
    .values({ accountId, purpose, tokenHash: hash, newEmail, expiresAt: new Date(now.getTime() + TTL_MS[purpose]) });
  return raw;
}

export type ConsumeResult = { status: 'ok'; accountId: string; newEmail: string | null } | { status: 'expired' } | { status: 'invalid' };

/** Marks the token used in one statement, so two concurrent uses cannot both succeed. */
export async function consumeEmailToken(db: DbOrTx, raw: string, purpose: TEmailTokenPurpose): Promise<ConsumeResult> {
  const tokenHash = sha256(raw);
  const now = new Date();
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ accountId: emailTokens.accountId, newEmail: emailTokens.newEmail });
  if (used) return { status: 'ok', accountId: used.accountId, newEmail: used.newEmail };
  const [existing] = await db
    .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (existing && !existing.usedAt && existing.expiresAt <= now) return { status: 'expired' };
  return { status: 'invalid' };
}

/**
 * Why a token no longer works, when it is ours: 'replaced' when a newer one of the same purpose was
 * issued after it (issuing retires the older ones), 'used' otherwise.
 */
export async function spentTokenOf(db: DbOrTx, raw: string, purpose: TEmailTokenPurpose) {
  const [row] = await db
    .select({ accountId: emailTokens.accountId, createdAt: emailTokens.createdAt, usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(raw)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row?.usedAt) return undefined;
  const [newer] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.accountId, row.accountId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, row.createdAt)))
    .limit(1);
  return { accountId: row.accountId, reason: newer ? ('replaced' as const) : ('used' as const) };
}

/** What using the token would do now, without using it. */
export async function peekEmailToken(db: DbOrTx, raw: string, purpose: TEmailTokenPurpose): Promise<'valid' | 'expired' | 'invalid'> {
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(raw)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt) return 'invalid';
  return row.expiresAt <= new Date() ? 'expired' : 'valid';
}

/** A password reset kills every outstanding emailed link of the account. */
export async function revokeAllEmailTokens(db: DbOrTx, accountId: string) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.accountId, accountId), isNull(emailTokens.usedAt)));
}

/** When the account's newest token of the purpose was issued, and how many it was issued in all. */
export async function latestEmailToken(db: DbOrTx, accountId: string, purpose: TEmailTokenPurpose) {
  const [latest] = await db
    .select({ at: max(emailTokens.createdAt), issued: count() })
    .from(emailTokens)
    .where(and(eq(emailTokens.accountId, accountId), eq(emailTokens.purpose, purpose)));
  return { at: latest?.at ?? null, issued: latest?.issued ?? 0 };
}
