import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startExampleAgent, type ExampleAgent } from '@agentroom/example-agent';
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

const ANSWER = 'Build 1042 passed: all 812 tests are green.';

describe('an agent the team runs elsewhere takes a seat', () => {
  const sessions: Session[] = [];
  let agent: ExampleAgent | undefined;
  afterAll(async () => {
    agent?.stop();
    for (const session of sessions) await session.context.close();
  });

  it('an owner seats it and copies its token once; it answers an @mention in a room with a reply people watch being written, marked External', async () => {
    const lena = await verifiedPerson('exl', 'Lena', 'Park');
    const omar = await verifiedPerson('exo', 'Omar', 'Haddad');
    const handle = await teamOf(lena, 'Relay Crew', [omar]);
    await callApi(`/teams/${handle}/rooms`, { name: 'builds', memberIds: [omar.agentId] }, lena.token);
    const username = `relay${omar.username.slice(-5)}`;

    // Lena seats the agent in the team's settings; its token shows this once.
    const a = await openSession(browser);
    sessions.push(a);
    await signIn(a.page, lena);
    await a.page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await a.page.goto(`/t/${handle}/settings/external-agents`);
    await a.page.getByRole('button', { name: 'Add external agent' }).click();
    const form = a.page.getByRole('form', { name: 'Add external agent' });
    await form.getByLabel('Name', { exact: true }).fill('Relay');
    await form.getByLabel('Username', { exact: true }).fill(username);
    await form.getByRole('textbox', { name: /^Role/ }).fill('CI notifier');
    await form.getByRole('button', { name: 'Add agent' }).click();
    await a.page.getByRole('heading', { name: 'Copy this token now' }).waitFor();
    const token = (await a.page.locator('code[aria-label="API token"]').textContent())?.trim() ?? '';
    expect(token).toMatch(/^art_/);
    await a.page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => a.page.locator('code[aria-label="API token"]').count()).toBe(0);
    const item = a.page.getByRole('group', { name: 'Relay' });
    await item.getByText('External', { exact: true }).waitFor();
    await lookEverywhere(a.page, 'external-agents-settings');

    // Its owners put it in #builds; it connects from outside with its token.
    const seated = await callApi<{ externalAgents: { agent: { id: string; username: string } }[] }>(`/teams/${handle}/external-agents`, undefined, lena.token);
    const relay = seated.externalAgents.find((e) => e.agent.username === username)!;
    await callApi(`/teams/${handle}/rooms/builds/members`, { agentId: relay.agent.id }, lena.token);
    // It works its answer out after Omar has seen it typing (the gate), then streams it word by word.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    agent = startExampleAgent({ url: inject('baseUrl'), token, answer: () => gate.then(() => ANSWER), wordDelayMs: 700, log: () => undefined });
    await agent.connected;

    // Omar sees its card marked External, then asks it in the room.
    const b = await openSession(browser);
    sessions.push(b);
    await signIn(b.page, omar);
    await b.page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await b.page.getByRole('heading', { name: 'Relay' }).first().waitFor();
    await b.page.getByText('External', { exact: true }).first().waitFor();
    await openRoom(b.page, handle, 'builds');
    const input = b.page.getByPlaceholder('Type a message...');
    await input.fill(`@${username} is the build green?`);
    await input.press('Enter');

    // It is seen writing: typing, then its words as they come, then the stored message.
    await b.page.getByTestId('typing-indicator').filter({ hasText: 'Relay is typing' }).waitFor();
    release();
    const streaming = b.page.getByTestId('streaming-reply');
    await streaming.filter({ hasText: 'Build 1042' }).waitFor();
    expect(await streaming.textContent()).not.toContain('green.');
    const stored = b.page.getByTestId('message').filter({ hasText: ANSWER });
    await stored.waitFor();
    await streaming.waitFor({ state: 'detached' });
    await stored.getByText('External', { exact: true }).waitFor();
    // Its answers are its own: Agentroom offers no Regenerate under them.
    expect(await b.page.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    await lookEverywhere(b.page, 'external-agent-room');
  });
});
