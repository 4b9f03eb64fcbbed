import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, type Session } from '../support/browser';
import { FAKE_REPLY_FINAL, FAKE_REPLY_PARTIAL } from '../support/fake-llm';
import { eventually, live, shot, signIn, teamOf, verifiedPerson, type Person } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const releaseHeldReplies = async () => {
  const response = await fetch(`${inject('llmControlUrl')}/release`, { method: 'POST' });
  return ((await response.json()) as { released: number }).released;
};

const streamingReply = (page: Page) => page.getByTestId('streaming-reply');
const messageWith = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

/** The conversation is on screen and live: joined on the socket, composer ready. */
async function chatIsLive(page: Page, heading: string) {
  await page.getByRole('region', { name: 'Chat' }).getByRole('heading', { name: heading }).waitFor();
  await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
  await page.getByPlaceholder('Type a message...').and(page.locator(':enabled')).waitFor();
}

async function send(page: Page, text: string) {
  const input = page.getByPlaceholder('Type a message...');
  await input.fill(text);
  await input.press('Enter');
  await messageWith(page, text).and(page.locator(':not([data-pending])')).waitFor();
}

/** The streaming bubble holds the text so far once, and nothing of the rest. */
async function showsTextSoFar(page: Page) {
  await streamingReply(page).filter({ hasText: FAKE_REPLY_PARTIAL }).waitFor();
  const text = (await streamingReply(page).textContent()) ?? '';
  expect(text.split(FAKE_REPLY_PARTIAL)).toHaveLength(2);
  expect(text).not.toContain('forty-two');
}

/** Released, the reply grows to its end and is stored: `answers` replies in all, each once, and no stream left. */
async function finishesOnce(pages: Page[], answers: number) {
  await eventually(releaseHeldReplies).toBe(1);
  for (const page of pages) {
    await messageWith(page, FAKE_REPLY_FINAL).nth(answers - 1).waitFor();
    await streamingReply(page).waitFor({ state: 'detached' });
    expect(await messageWith(page, FAKE_REPLY_FINAL).count()).toBe(answers);
    // The stored answer carries the text once (a doubled delta would repeat "Nova here.").
    const last = (await messageWith(page, FAKE_REPLY_FINAL).nth(answers - 1).textContent()) ?? '';
    expect(last.split('Nova here.')).toHaveLength(2);
  }
}

/** An AI agent of the team, made through the API; the fake model answers for it (and holds part-way). */
async function aiAgentOf(owner: Person, handle: string) {
  const { agent } = await callApi<{ agent: { id: string; username: string } }>(
    `/teams/${handle}/agents`,
    { firstName: 'Nova', role: 'Navigator', personality: 'Nova, a colleague in a journey.' },
    owner.token,
  );
  return agent;
}

describe('a reply streaming while the reader reloads', () => {
  let rhea: Person;
  let handle: string;
  let nova: { id: string; username: string };
  let session: Session;

  beforeAll(async () => {
    rhea = await verifiedPerson('rhea', 'Rhea', 'Lindqvist');
    handle = await teamOf(rhea, 'Reload Crew', []);
    nova = await aiAgentOf(rhea, handle);
    session = await openSession(browser);
    await signIn(session.page, rhea);
    await live(session.page);
  });
  afterAll(async () => {
    await session?.context.close();
  });

  it('in a 1:1, the page reloaded mid-reply shows the text so far, then the whole answer, once', async () => {
    const { page } = session;
    await page.goto(`/t/${handle}/p/@${nova.username}`);
    await chatIsLive(page, 'Nova');
    await send(page, 'What is the answer to everything?');
    await showsTextSoFar(page);

    await page.reload();
    await chatIsLive(page, 'Nova');
    await showsTextSoFar(page);
    await shot(page, 'reply-reload-after-reload');

    await finishesOnce([page], 1);
  });

  it('in a 1:1, a second tab opened mid-reply shows the text so far, and both tabs end with the answer once', async () => {
    const { page, context } = session;
    await send(page, 'And once more?');
    await showsTextSoFar(page);

    const second = await context.newPage();
    await second.goto(`/t/${handle}/p/@${nova.username}`);
    await chatIsLive(second, 'Nova');
    await showsTextSoFar(second);
    await shot(second, 'reply-reload-second-tab');

    await finishesOnce([page, second], 2);
    await second.close();
  });

  it('in a room, the page reloaded mid-reply shows the text so far, then the whole answer, once', async () => {
    const { page, problems } = session;
    await callApi(`/teams/${handle}/rooms`, { name: 'harbour', topic: 'Tides and departures', memberIds: [nova.id] }, rhea.token);
    await page.goto(`/t/${handle}/r/harbour`);
    await chatIsLive(page, '# harbour');
    await send(page, `@${nova.username} what is the answer?`);
    await showsTextSoFar(page);

    await page.reload();
    await chatIsLive(page, '# harbour');
    await showsTextSoFar(page);
    await shot(page, 'reply-reload-room-after-reload');

    await finishesOnce([page], 1);
    expect(problems).toEqual([]);
  });
});
