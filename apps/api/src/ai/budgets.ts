import type { TTeamBudget } from '@agentroom/shared';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import type { DbOrTx } from '../db/client';
import { enqueueMail } from '../mail/outbox-repo';
import { budgetNearlySpentMail } from './budget-mail';
import {
  claimBudgetNoticeDay,
  findTeamBudgetSettings,
  findTeamOwnerEmails,
  personTokensToday,
  recordUsage,
  teamTokensToday,
  usageDay,
} from './usage-repo';

/** The share of a team's daily budget past which its owners are mailed (once a UTC day). */
const NOTICE_SHARE = 0.8;

/**
 * A team's budget today: the owners' setting within the operator's ceiling (AI_TEAM_DAILY_TOKEN_BUDGET;
 * no setting: the ceiling), their per-person limit, and the tokens its replies spent today (UTC).
 */
export async function teamBudget(db: DbOrTx, config: AppConfig, teamId: string): Promise<TTeamBudget> {
  const ceiling = config.ai.teamDailyTokenBudget;
  const [settings, usedToday] = await Promise.all([findTeamBudgetSettings(db, teamId), teamTokensToday(db, teamId)]);
  const dailyTokenBudget = settings?.dailyTokenBudget ?? null;
  return {
    ceiling,
    dailyTokenBudget,
    personDailyTokenLimit: settings?.personDailyTokenLimit ?? null,
    effectiveDailyTokens: Math.min(dailyTokenBudget ?? ceiling, ceiling),
    usedToday,
  };
}

/**
 * Whether a reply may spend: 'team' when the team's budget for today is spent, 'person' when the
 * person who started the reply spent their limit in this team today (others of the team still get
 * replies), 'ok' otherwise. Outside a team nothing is counted against a budget.
 */
export async function checkBudget(ctx: AppContext, teamId: string | null, personId: string | null): Promise<'ok' | 'team' | 'person'> {
  if (!teamId) return 'ok';
  const budget = await teamBudget(ctx.db, ctx.config, teamId);
  if (budget.usedToday >= budget.effectiveDailyTokens) return 'team';
  if (personId && budget.personDailyTokenLimit !== null && (await personTokensToday(ctx.db, teamId, personId)) >= budget.personDailyTokenLimit)
    return 'person';
  return 'ok';
}

/**
 * Records what a reply spent (usage-repo) and, when that takes its team past 80 % of today's budget
 * for the first time today, queues one mail to each of the team's owners. Marking the day and
 * queueing the mails are one transaction, so of two nodes crossing at once one mails, and a failure
 * leaves the day unmarked for the next reply to try.
 */
export async function recordReplySpend(ctx: AppContext, input: Parameters<typeof recordUsage>[1]): Promise<void> {
  await recordUsage(ctx.db, input);
  if (input.teamId) await mailOwnersPastNoticeShare(ctx, input.teamId);
}

async function mailOwnersPastNoticeShare(ctx: AppContext, teamId: string) {
  const budget = await teamBudget(ctx.db, ctx.config, teamId);
  if (budget.usedToday < budget.effectiveDailyTokens * NOTICE_SHARE) return;
  await inTransaction(ctx.db, async (tx) => {
    if (!(await claimBudgetNoticeDay(tx, teamId, usageDay()))) return;
    const team = await findTeamBudgetSettings(tx, teamId);
    const owners = await findTeamOwnerEmails(tx, teamId);
    if (!team) return;
    for (const owner of owners)
      await enqueueMail(
        tx,
        owner.email,
        budgetNearlySpentMail({
          ownerName: owner.firstName,
          teamName: team.name,
          usedToday: budget.usedToday,
          dailyBudget: budget.effectiveDailyTokens,
          usageUrl: `${ctx.config.appUrl}/t/${encodeURIComponent(team.handle)}/usage`,
        }),
      );
    ctx.events.publish('mail.queued', {});
  });
}
