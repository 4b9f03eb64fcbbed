import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, type Session } from '../support/browser';
import { lookEverywhere, openRoom, signIn, teamOf, verifiedPerson } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * What the fake model does for this journey: given the tool's result (it names Priya by username) it
 * answers; asked with the journey's word (her username but its last letter) it asks for the tool.
 * The first rule that matches wins, so the result's rule comes first.
 */
async function scriptTheAgent(word: string, inTheResult: string) {
  const when = (lastMessageContains: string, script: object) =>
    fetch(`${inject('llmControlUrl')}/when`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lastMessageContains, script }) });
  await when(inTheResult, { chunks: ['The team is ', 'Lena, Omar and Priya.'] });
  await when(word, { chunks: ['Let me check ', 'who is on the team.'], toolCalls: [{ name: 'list_team_members', arguments: '{}' }] });
}

const messageWith = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const cardOf = (page: Page) => page.getByRole('group', { name: 'Approval request from Atlas' });

describe('an agent asks before it acts', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('three people and an agent in a room: the agent asks to use a tool, the one who may not approve sees no buttons, a manager approves, everyone sees the result', async () => {
    const lena = await verifiedPerson('apl', 'Lena', 'Park');
    const omar = await verifiedPerson('apo', 'Omar', 'Haddad');
    const priya = await verifiedPerson('app', 'Priya', 'Nair');
    const handle = await teamOf(lena, 'Approvals Crew', [omar, priya]);
    const { agent: atlas } = await callApi<{ agent: { id: string; username: string } }>(
      `/teams/${handle}/agents`,
      { firstName: 'Atlas', role: 'Operations', personality: 'Atlas, careful with other people’s data.' },
      lena.token,
    );
    // Lena, who manages the team, makes Atlas ask before it lists the team.
    await callApi(`/agents/${atlas.id}/tools`, { tools: [{ key: 'builtin:list_team_members', policy: 'approval' }] }, lena.token, 'PUT');
    await callApi(`/teams/${handle}/rooms`, { name: 'ops', memberIds: [omar.agentId, priya.agentId, atlas.id] }, lena.token);
    const word = priya.username.slice(0, -1); // unique to this run
    await scriptTheAgent(word, priya.username);

    const [a, b, c] = [await openSession(browser), await openSession(browser), await openSession(browser)];
    sessions.push(a, b, c);
    for (const [session, person] of [
      [a, lena],
      [b, omar],
      [c, priya],
    ] as const) {
      await signIn(session.page, person);
      await session.page.waitForURL((url) => url.pathname === `/t/${handle}`);
      await openRoom(session.page, handle, 'ops');
    }

    // Omar asks Atlas; the card comes to all three, live.
    const input = b.page.getByPlaceholder('Type a message...');
    await input.fill(`@${atlas.username} who is on our team? (${word})`);
    await input.press('Enter');
    for (const page of [a.page, b.page, c.page]) {
      await cardOf(page).waitFor();
      await cardOf(page).getByText('list_team_members').first().waitFor();
    }
    // Omar (who asked) and Lena (a manager) may decide; Priya sees the card without buttons.
    await cardOf(b.page).getByRole('button', { name: 'Approve' }).waitFor();
    await cardOf(a.page).getByRole('button', { name: 'Approve' }).waitFor();
    expect(await cardOf(c.page).getByRole('button').filter({ hasText: /^(Approve|Deny)$/ }).count()).toBe(0);
    await lookEverywhere(c.page, 'approval-pending', { atPhone: async (page) => void (await cardOf(page).waitFor()) });

    // Lena approves: everyone sees who approved, then Atlas's answer with its tool step.
    await cardOf(a.page).getByRole('button', { name: 'Approve' }).click();
    for (const page of [a.page, b.page, c.page]) {
      await cardOf(page).getByTestId('approval-outcome').filter({ hasText: 'Approved by Lena Park' }).waitFor();
      await messageWith(page, 'The team is Lena, Omar and Priya.').waitFor();
      await messageWith(page, 'The team is Lena, Omar and Priya.').getByText("Listed the team's people and agents").waitFor();
    }
    expect(await cardOf(b.page).getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await lookEverywhere(b.page, 'approval-decided', {
      atPhone: async (page) => void (await messageWith(page, 'The team is Lena, Omar and Priya.').waitFor()),
    });

    for (const session of [a, b, c]) expect(session.problems).toEqual([]);
  }, 240_000);

  it("an owner chooses an agent's tools, sets the team's AI budget and is told why an internal MCP server is refused", async () => {
    const nina = await verifiedPerson('aps', 'Nina', 'Okafor');
    const handle = await teamOf(nina, 'Tool Crew', []);
    const { agent: atlas } = await callApi<{ agent: { id: string } }>(`/teams/${handle}/agents`, { firstName: 'Atlas', role: 'Operations', personality: 'Atlas, careful.' }, nina.token);
    const session = await openSession(browser);
    sessions.push(session);
    const { page } = session;
    await signIn(page, nina);
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);

    // Atlas's tools: the built-in ones run on their own until she says otherwise.
    await page.goto(`/t/${handle}/settings/agents`);
    await page.getByRole('button', { name: 'Tools of Atlas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tools of Atlas' });
    const listing = dialog.getByRole('group', { name: 'list_team_members' });
    await listing.getByText('Needs approval').click();
    await listing.getByLabel('Who approves').selectOption('managers');
    await dialog.getByText('1 change not saved yet').waitFor();
    await lookEverywhere(page, 'agent-tools', { atPhone: async (p) => void (await p.getByRole('dialog', { name: 'Tools of Atlas' }).waitFor()) });
    await dialog.getByRole('button', { name: 'Save Tools' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = await callApi<{ tools: { key: string; policy: string; approvers: string }[] }>(`/agents/${atlas.id}/tools`, undefined, nina.token);
    expect(saved.tools.find((t) => t.key === 'builtin:list_team_members')).toMatchObject({ policy: 'approval', approvers: 'managers' });
    await page.keyboard.press('Escape');

    // An MCP server on this machine's loopback is refused, and the form says why.
    await page.goto(`/t/${handle}/settings/mcp-servers`);
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    const form = page.getByRole('form', { name: 'Add MCP server' });
    await form.getByLabel('Name', { exact: true }).fill('crm');
    await form.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9/mcp');
    await form.getByRole('button', { name: 'Add Server' }).click();
    await form.getByText(/may not live on loopback, private or link-local addresses/).waitFor();
    await lookEverywhere(page, 'mcp-refused', { atPhone: async (p) => void (await p.getByText(/may not live on loopback/).waitFor()) });

    // The team's budget, and the usage page's bar against it.
    await page.goto(`/t/${handle}/settings/budget`);
    const budget = page.getByRole('form', { name: 'AI budget' });
    await budget.getByLabel('Daily token budget for the team').fill('100000');
    await budget.getByLabel(/Daily limit per person/).fill('20000');
    await budget.getByRole('button', { name: 'Save Budget' }).click();
    await page.getByText('0 of 100,000 tokens today').first().waitFor();
    await page.goto(`/t/${handle}/usage`);
    await page.getByRole('meter', { name: "Today's AI tokens" }).waitFor();
    await page.getByText('Each person: up to 20,000 tokens a day').waitFor();
    await lookEverywhere(page, 'usage-budget', { atPhone: async (p) => void (await p.getByRole('meter', { name: "Today's AI tokens" }).waitFor()) });

    expect(session.problems).toEqual([]);
  }, 180_000);
});

