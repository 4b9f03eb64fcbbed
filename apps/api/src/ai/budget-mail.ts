import { PRODUCT_NAME } from '@agentroom/shared';
import type { MailContent } from '../mail/templates';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A team's name goes into a header: no line breaks there. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();
const tokens = (count: number) => count.toLocaleString('en-US');

export interface BudgetMailFacts {
  ownerName: string;
  teamName: string;
  usedToday: number;
  dailyBudget: number;
  /** The team's usage page, where owners see who used what and change the budget. */
  usageUrl: string;
}

/** The one mail a day a team's owners get when its AI replies pass 80 % of today's token budget. */
export function budgetNearlySpentMail(facts: BudgetMailFacts): MailContent {
  const team = oneLine(facts.teamName);
  const percent = Math.min(100, Math.floor((facts.usedToday / Math.max(1, facts.dailyBudget)) * 100));
  const lines = [
    `Hi ${oneLine(facts.ownerName) || 'there'},`,
    `Your team ${team} has used ${percent}% of today's AI tokens on ${PRODUCT_NAME}: ${tokens(facts.usedToday)} of ${tokens(facts.dailyBudget)}.`,
    "When the budget is spent, AI agents answer with a notice until tomorrow (UTC). You can see who used what, and change the team's budget, on the usage page.",
  ];
  return {
    subject: `Your team ${team} has used 80% of today's AI tokens`,
    text: `${lines.join('\n\n')}\n\nUsage: ${facts.usageUrl}\n\n— ${PRODUCT_NAME}`,
    html: `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;max-width:520px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(facts.usageUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Open the usage page</a></p>
</body></html>`,
  };
}
