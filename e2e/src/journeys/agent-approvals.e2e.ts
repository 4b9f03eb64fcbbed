import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, type Session } from '../support/browser';
import { lookEverywhere, signIn, teamOf, verifiedPerson } from '../support/workspace';

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

async function openRoom(page: Page, handle: string, room: string) {
  await page.goto(`/t/${handle}/r/${room}`);
  await page.getByRole('region', { name: 'Chat' }).getByRole('heading', { name: `# ${room}` }).waitFor();
  await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
}

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
});
