import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openSession, PHONE, resizeTo, type Session, snap } from '../support/browser';
import { ARTIFACTS_DIR } from '../support/paths';
import { FAKE_REPLY_FINAL, FAKE_REPLY_PARTIAL } from '../support/fake-llm';
import { conversationCaughtUp } from '../support/workspace';

/** A 1×1 PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const DEMO = { username: 'demo', password: 'Agentroom1', name: 'Demo User' };
const MAYA = { username: 'maya', password: 'Agentroom1', name: 'Maya Chen' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/t/demo');
}

/** From the demo team page, the card of `username` opens the team-scoped chat; wait until it is live. */
async function openChatWith(page: Page, username: string) {
  const caughtUp = conversationCaughtUp(page);
  await page.getByTestId('agent-card').filter({ hasText: `@${username}` }).click();
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/t/demo/p/@${username}`);
  await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
  await page.getByPlaceholder('Type a message...').and(page.locator(':enabled')).waitFor();
  await caughtUp;
}

const messages = (page: Page) => page.getByTestId('message');
const messageWith = (page: Page, text: string) => messages(page).filter({ hasText: text });

async function send(page: Page, text: string) {
  const input = page.getByPlaceholder('Type a message...');
  await input.fill(text);
  await input.press('Enter');
  // Confirmed by the server (the pending flag goes away), not just echoed locally.
  await messageWith(page, text).and(page.locator(':not([data-pending])')).waitFor();
}

const releaseHeldReplies = async () => {
  const response = await fetch(`${inject('llmControlUrl')}/release`, { method: 'POST' });
  return ((await response.json()) as { released: number }).released;
};

describe('chat', () => {
  let a: Session;
  let b: Session;

  afterAll(async () => {
    await a?.context.close();
    await b?.context.close();
  });

  it('two people: live messages, typing, seen marker, and nothing lost while one is offline', async () => {
    a = await openSession(browser);
    b = await openSession(browser);
    await signIn(a.page, DEMO);
    await signIn(b.page, MAYA);
    await openChatWith(a.page, MAYA.username);
    await openChatWith(b.page, DEMO.username);

    // The header names the agent; the title is the profile's.
    await a.page.getByRole('region', { name: 'Chat' }).getByRole('heading', { name: MAYA.name }).waitFor();
    await a.page.getByText('Agent Activity: maya').waitFor();
    expect(await a.page.title()).toBe('Agentroom (beta) — Profile');
    await a.page.getByText('No messages yet').waitFor();
    await a.page.getByText('Start the conversation!').waitFor();
    await expectAccessible(a.page);

    // A types: B sees the typing indicator, then the message, live.
    const input = a.page.getByPlaceholder('Type a message...');
    await input.fill('Hello Maya, **welcome** to the chat!');
    await b.page.getByTestId('typing-indicator').filter({ hasText: `${DEMO.name} is typing` }).waitFor();
    await input.press('Enter');
    await messageWith(b.page, 'Hello Maya, welcome to the chat!').waitFor();
    expect(await messageWith(b.page, 'Hello Maya').locator('strong').textContent()).toBe('welcome');
    await b.page.getByTestId('typing-indicator').waitFor({ state: 'detached' });

    // B had it on screen, so B's read cursor moved: A sees Maya's seen marker under the message.
    await messageWith(a.page, 'Hello Maya').getByTestId('seen-by').getByText(`Seen by ${MAYA.name}`).waitFor();

    // B answers; A gets it live.
    await send(b.page, 'Hi! Glad to be here.');
    await messageWith(a.page, 'Hi! Glad to be here.').waitFor();
    await expectAccessible(a.page);
    await snap(a.page, 'chat-two-people');

    // B drops off the network; A sends two messages meanwhile.
    await b.context.setOffline(true);
    await b.page.locator('[data-testid="connection-dot"][data-connection="disconnected"]').waitFor();
    await send(a.page, 'First while you were away');
    await send(a.page, 'Second while you were away');
    await snap(b.page, 'chat-offline');

    // Back online: B rejoins and fetches what it missed, in order, each message once.
    await b.context.setOffline(false);
    await b.page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
    await messageWith(b.page, 'Second while you were away').waitFor();
    const texts = await messages(b.page).allInnerTexts();
    const lines = texts.map((text) => text.replace(/\s+/g, ' '));
    const first = lines.findIndex((line) => line.includes('First while you were away'));
    const second = lines.findIndex((line) => line.includes('Second while you were away'));
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(lines.filter((line) => line.includes('while you were away'))).toHaveLength(2);
    expect(await messages(b.page).count()).toBe(4);
    await snap(b.page, 'chat-after-reconnect');

    // A edits a message (hover → edit → save): B sees the new text with the 'edited' tag.
    const toEdit = messageWith(a.page, 'Second while you were away');
    await toEdit.hover();
    await toEdit.getByRole('button', { name: 'Edit message' }).click();
    const editBox = a.page.getByRole('textbox', { name: 'Edit message' });
    await editBox.fill('Second, edited while you were away');
    await editBox.press('Enter');
    await messageWith(b.page, 'Second, edited while you were away').getByText('edited', { exact: true }).waitFor();

    // A sends an image and a text file: B sees the image inline and the file as a download link.
    await a.page.getByTestId('file-input').setInputFiles([
      { name: 'pixel.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL_PNG, 'base64') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('meeting notes') },
    ]);
    await a.page.getByRole('button', { name: 'Remove notes.txt' }).waitFor();
    await send(a.page, 'Two files for you');
    const withFiles = messageWith(b.page, 'Two files for you');
    await withFiles.getByRole('img', { name: 'pixel.png' }).waitFor();
    await expect.poll(() => withFiles.getByRole('img', { name: 'pixel.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const download = withFiles.getByRole('link', { name: /notes\.txt/ });
    expect(await download.getAttribute('download')).toBe('notes.txt');
    const fileUrl = new URL((await download.getAttribute('href'))!, inject('baseUrl'));
    expect(await (await fetch(fileUrl)).text()).toBe('meeting notes');
    await snap(b.page, 'chat-attachments');

    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  });

  it('an AI agent streams its reply, can be stopped, and regenerated into versions (1 / 2, 2 / 2)', async () => {
    const { page, context, problems } = await openSession(browser);
    await signIn(page, DEMO);
    await openChatWith(page, 'nova');
    await page.getByRole('region', { name: 'Chat' }).getByRole('heading', { name: 'Nova' }).waitFor();

    await page.getByPlaceholder('Type a message...').fill('What is the answer to everything?');
    await page.getByPlaceholder('Type a message...').press('Enter');

    // The fake model streams the first part and holds: the partial text is on screen, not the rest.
    const streaming = page.getByTestId('streaming-reply');
    await streaming.filter({ hasText: FAKE_REPLY_PARTIAL }).waitFor();
    await streaming.getByRole('button', { name: 'Stop generating' }).waitFor();
    expect(await page.getByText('forty-two').count()).toBe(0);
    await snap(page, 'chat-ai-streaming');

    // Released: the final text replaces the streaming bubble as a stored message.
    expect(await releaseHeldReplies()).toBe(1);
    await messageWith(page, FAKE_REPLY_FINAL).waitFor();
    await streaming.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    await expectAccessible(page);
    await snap(page, 'chat-ai-reply');

    // Regenerate, then stop it part-way: it streams in the answer's place (no second answer below),
    // and the partial text is kept as the answer's second version, with a 'Stopped' tag.
    const answers = await messages(page).count();
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await streaming.filter({ hasText: FAKE_REPLY_PARTIAL }).waitFor();
    expect(await messages(page).count()).toBe(answers - 1); // the answer's slot holds the stream
    await streaming.getByRole('button', { name: 'Stop generating' }).click();
    const stopped = messages(page).filter({ hasText: 'Stopped' });
    await stopped.filter({ hasText: FAKE_REPLY_PARTIAL }).waitFor();
    await streaming.waitFor({ state: 'detached' });
    expect(await messages(page).count()).toBe(answers);
    const versions = page.getByTestId('reply-versions');
    await versions.filter({ hasText: '2 / 2' }).waitFor();
    expect(await messageWith(page, FAKE_REPLY_FINAL).count()).toBe(0);
    await snap(page, 'chat-ai-stopped');

    // Page back to the first version and forward again.
    await versions.getByRole('button', { name: 'Previous version' }).click();
    await versions.filter({ hasText: '1 / 2' }).waitFor();
    await messageWith(page, FAKE_REPLY_FINAL).waitFor();
    expect(await stopped.count()).toBe(0);
    await snap(page, 'chat-ai-versions');
    await versions.getByRole('button', { name: 'Next version' }).click();
    await versions.filter({ hasText: '2 / 2' }).waitFor();
    await stopped.filter({ hasText: FAKE_REPLY_PARTIAL }).waitFor();

    // On a phone too.
    await resizeTo(page, PHONE);
    await versions.getByRole('button', { name: 'Previous version' }).click();
    await versions.filter({ hasText: '1 / 2' }).waitFor();
    await messageWith(page, FAKE_REPLY_FINAL).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'chat-ai-versions-phone.png') });
    await versions.getByRole('button', { name: 'Next version' }).click();
    await versions.filter({ hasText: '2 / 2' }).waitFor();
    await resizeTo(page, { width: 1280, height: 800 });

    // Dark theme, then the profile behind its toggle on a phone.
    await page.emulateMedia({ colorScheme: 'dark' });
    // Colours ease between themes: check once the transitions have finished.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectAccessible(page);
    await snap(page, 'chat-ai-dark');
    await resizeTo(page, PHONE);
    await page.getByRole('button', { name: 'Show profile' }).click();
    await page.getByText('Agent Activity: nova').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'chat-profile-dark-phone.png') });
    await page.getByRole('button', { name: 'Back to chat' }).click();
    await page.getByPlaceholder('Type a message...').waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });
});
