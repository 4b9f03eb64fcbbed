import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession } from '../support/browser';
import { checkEverywhere, say, shot, signIn } from '../support/journey-kit';
import { conversationBetween, teamOf, verifiedPerson } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const BLOCKED_LINE = 'You blocked this person. Unblock them to send messages.';
const readOnlyLine = (page: Page) => page.getByTestId('read-only-line');
const inChat = (page: Page, text: string) => page.getByRole('region', { name: 'Chat' }).getByTestId('message').filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

describe('block and report (decision 0022)', () => {
  it('a person reports a message and blocks its writer, sees the conversation refuse, then unblocks', async () => {
    const lena = await verifiedPerson('bkl', 'Lena', 'Park');
    const omar = await verifiedPerson('bko', 'Omar', 'Haddad');
    await teamOf(lena, `Block ${lena.username.slice(-5)}`, [omar]);
    const chat = await conversationBetween(omar, lena);
    await say(omar, chat, 'Buy cheap watches at my site!!!');

    const { page, context, problems } = await openSession(browser);
    await signIn(page, lena);
    await page.waitForURL((url) => url.pathname.startsWith('/t/'));
    await page.goto(`/p/@${omar.username}`);
    const message = inChat(page, 'Buy cheap watches at my site!!!');
    await message.waitFor();
    // The profile beside the chat offers Block and Report.
    await page.getByRole('complementary', { name: 'Agent profile' }).getByRole('button', { name: 'Block' }).waitFor();
    await shot(page, 'block-profile-actions-desktop-light');

    // Report the message from its actions, and block its writer in the same step.
    await message.hover();
    await page.getByRole('button', { name: 'Report message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report message' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Details (optional)').fill('Advertising in my messages.');
    await dialog.getByRole('checkbox', { name: 'Also block Omar Haddad' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The conversation refuses: the line replaces the composer, the message is collapsed.
    await expect.poll(() => readOnlyLine(page).textContent(), { timeout: 15_000 }).toBe(BLOCKED_LINE);
    expect(await composer(page).count()).toBe(0);
    await page.getByRole('button', { name: /Message from a blocked person/ }).waitFor();
    await expect(say(omar, chat, 'Hello?')).rejects.toThrow(/403 This person is not accepting messages from you/);

    // The profile side panel hides, so the phone shows the conversation itself.
    await page.getByRole('button', { name: 'Hide profile' }).click();
    await checkEverywhere(page, 'block-conversation-refuses', () => readOnlyLine(page).waitFor());

    // Unblock from the profile: the composer is back, and both can write again.
    await page.getByRole('button', { name: 'Show profile' }).click();
    await page.getByRole('button', { name: 'Unblock' }).click();
    await composer(page).waitFor();
    expect(await readOnlyLine(page).count()).toBe(0);
    await composer(page).fill('Please stop advertising here.');
    await composer(page).press('Enter');
    await inChat(page, 'Please stop advertising here.').waitFor();
    await say(omar, chat, 'Sorry, understood.');
    await inChat(page, 'Sorry, understood.').waitFor();

    // Unblocked for the server too (the report's row and mail are covered by the API tests).
    const blocks = await callApi<{ blocked: unknown[] }>('/users/me/blocks', undefined, lena.token);
    expect(blocks.blocked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
