import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerViaApi } from '../support/api';
import { expectAccessible, launchBrowser, openSession, uniqueUser, type Session } from '../support/browser';
import { checkEverywhere, openSessionAt, say, shot, signIn, verifiedUser, type SignedIn } from '../support/journey-kit';
import { linkFromMail, nextMail, SUBJECTS } from '../support/mail';
import { startModellessServer } from '../support/modelless-server';

/** Steps that talk to a second server or look at every size and theme take longer than the default. */
const LONG = 180_000;

let browser: Browser;
const sessions: Session[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const session of sessions) await session.context.close();
  await browser?.close();
});

async function track(opened: Promise<Session>) {
  const session = await opened;
  sessions.push(session);
  return session;
}

const messages = (page: Page) => page.getByTestId('message');
const messageWith = (page: Page, text: string) => messages(page).filter({ hasText: text });
const composer = (page: Page) => page.getByPlaceholder('Type a message...');

/** Waits until the chat is live: the socket connected and the composer enabled. */
async function chatReady(page: Page) {
  await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
  await composer(page).and(page.locator(':enabled')).waitFor();
}

/** Sends what is in the composer with Enter and waits for the server's confirmation. */
async function sendTyped(page: Page, firstLine: string) {
  await composer(page).press('Enter');
  await messageWith(page, firstLine).and(page.locator(':not([data-pending])')).waitFor();
}

/** Every bubble holding `text` ends inside the message list (nothing clipped at the pane's edge). */
async function expectBubbleInside(page: Page, bubbleText: Locator) {
  const { bubbleRight, listRight, textOverflow } = await bubbleText.evaluate((text) => {
    const bubble = text.parentElement!;
    const list = text.closest('[aria-label="Messages"]')!;
    return {
      bubbleRight: bubble.getBoundingClientRect().right,
      listRight: list.getBoundingClientRect().right,
      textOverflow: text.scrollWidth - text.clientWidth,
    };
  });
  expect(bubbleRight).toBeLessThanOrEqual(listRight);
  expect(textOverflow).toBe(0);
}

/** Every label saying "(optional)" has one space before it and none doubled. */
async function expectOptionalLabels(scope: Locator, expected: number) {
  const labels = await scope.locator('label').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? '').filter((text) => text.includes('(optional)')));
  expect(labels.length).toBeGreaterThanOrEqual(expected);
  for (const label of labels) expect(label).toMatch(/^\S(.*\S)? \(optional\)$/);
  for (const label of labels) expect(label).not.toMatch(/\s{2}/);
}

/** What the owners of an AI agent's team read under the notice (packages/shared: NO_MODEL_SETUP_HINT). */
const NO_MODEL_SETUP_HINT =
  'Only owners of this team see this: set LLM_BASE_URL to an OpenAI-compatible server (or run Ollama locally), then try again.';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(4);
const LONG_URL = `https://example.com/${'a-very-long-path-segment-'.repeat(8)}end`;

describe('rough edges found by walking the product', () => {
  let lena: SignedIn;
  let omar: SignedIn;
  let handle: string;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    lena = await verifiedUser('rel', 'Lena', 'Park');
    omar = await verifiedUser('reo', 'Omar', 'Haddad');
    handle = `rough-${lena.username.slice(-5)}`;
    await callApi('/teams', { name: 'Rough Cut', handle }, lena.token);
    await callApi(`/teams/${handle}/members`, { username: omar.username }, lena.token);
    const personal = await callApi<{ conversation: { id: string } }>(`/chat/conversations/${lena.agentId}/start`, {}, omar.token);
    await say(omar, personal.conversation.id, 'Set LLM_BASE_URL and my_var_name, then **ship** it: 2*3*4 times');
    const inTeam = await callApi<{ conversation: { id: string } }>(
      `/chat/conversations/${lena.agentId}/start`,
      { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: handle },
      omar.token,
    );
    await say(omar, inTeam.conversation.id, 'Stand-up notes are in the team room.');

    ({ page, problems } = await track(openSession(browser)));
    await signIn(page, lena);
    await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
  });

  const sidebarRows = () => page.getByRole('navigation', { name: 'Workspace' }).getByRole('region', { name: 'Conversations' }).getByTestId('conversation');
  const personalRow = () => sidebarRows().filter({ hasNotText: '· Rough Cut' });
  const teamRow = () => sidebarRows().filter({ hasText: '· Rough Cut' });

  it('snippets in the sidebar and the profile panel keep underscores and asterisks', async () => {
    const plain = 'Set LLM_BASE_URL and my_var_name, then ship it: 2*3*4 times';
    await expect.poll(() => personalRow().getByTestId('conversation-snippet').textContent()).toBe(plain);
    await personalRow().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/p/@${omar.username}`);
    await chatReady(page);
    const recent = page.getByRole('complementary', { name: 'Agent profile' }).getByRole('list', { name: 'Recent messages' });
    await recent.getByRole('listitem').filter({ hasText: plain }).waitFor();
    // The message itself renders its Markdown: bold, and the literal 2*3*4.
    const rendered = messageWith(page, 'Set LLM_BASE_URL').getByTestId('message-text');
    await rendered.waitFor();
    expect(await rendered.locator('strong').textContent()).toBe('ship');
    expect(await rendered.innerText()).toBe(plain);
    await expectAccessible(page);
    await shot(page, 'rough-snippets-desktop-light');
  });

  it('Shift+Enter breaks the line, 2*3*4 stays literal, a long word and a long URL wrap inside the bubble', async () => {
    await page.goto(`/p/@${omar.username}`);
    await chatReady(page);
    await composer(page).fill('line one');
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially('line two');
    expect(await composer(page).inputValue()).toBe('line one\nline two');
    await sendTyped(page, 'line one');
    const lines = messageWith(page, 'line one').getByTestId('message-text');
    expect(await lines.innerText()).toBe('line one\nline two');
    expect(await lines.locator('br').count()).toBe(1);

    await composer(page).fill('We need 2*3*4 = 24 chairs');
    await sendTyped(page, 'We need 2*3*4');
    const product = messageWith(page, 'We need 2*3*4').getByTestId('message-text');
    expect(await product.innerText()).toBe('We need 2*3*4 = 24 chairs');
    expect(await product.locator('em').count()).toBe(0);

    await composer(page).fill(LONG_WORD);
    await sendTyped(page, LONG_WORD);
    await composer(page).fill(`Read ${LONG_URL}`);
    await sendTyped(page, 'Read https://example.com/');
    const url = messageWith(page, 'Read https://example.com/').getByTestId('message-text');
    expect(await url.getByRole('link').getAttribute('href')).toBe(LONG_URL);

    await checkEverywhere(page, 'rough-message-text', async () => {
      await messageWith(page, 'Read https://example.com/').waitFor();
      await expectBubbleInside(page, messageWith(page, LONG_WORD).getByTestId('message-text'));
      await expectBubbleInside(page, url);
      await expectBubbleInside(page, lines);
    });
  }, LONG);

  it('keeps a draft per conversation while moving between them', async () => {
    await page.goto(`/p/@${omar.username}`);
    await chatReady(page);
    await composer(page).fill('Half a thought for Omar');
    await teamRow().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/t/${handle}/p/@${omar.username}`);
    await messageWith(page, 'Stand-up notes are in the team room.').waitFor();
    await chatReady(page);
    expect(await composer(page).inputValue()).toBe('');
    await composer(page).fill('A note for the team room');

    await personalRow().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/p/@${omar.username}`);
    await expect.poll(() => composer(page).inputValue()).toBe('Half a thought for Omar');
    await messageWith(page, 'Set LLM_BASE_URL').waitFor();
    await shot(page, 'rough-draft-back-desktop-light');
    await teamRow().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/t/${handle}/p/@${omar.username}`);
    await expect.poll(() => composer(page).inputValue()).toBe('A note for the team room');
    await composer(page).fill('');
    await personalRow().click();
    await expect.poll(() => composer(page).inputValue()).toBe('Half a thought for Omar');
    await composer(page).fill('');
  });

  it('a refused send shows its error once, under the composer, and gives the text back', async () => {
    await page.goto(`/p/@${omar.username}`);
    await chatReady(page);
    const tooLong = `Too long: ${'words '.repeat(1700)}`.trim();
    await composer(page).fill(tooLong);
    await composer(page).press('Enter');
    const alert = page.getByRole('form', { name: 'Send a message' }).getByRole('alert');
    await alert.waitFor();
    const error = (await alert.innerText()).trim();
    expect(error).toMatch(/10000 characters/);
    await expect.poll(() => composer(page).inputValue()).toBe(tooLong);
    expect(await messageWith(page, 'Too long:').count()).toBe(0);
    await checkEverywhere(page, 'rough-send-refused', () => alert.waitFor());
    // Looked at four times over (sizes, themes, axe): no toast repeats it, the text is on the page once.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.getByText(error, { exact: true }).count()).toBe(1);
    await composer(page).fill('');
  }, LONG);

  it('the two dots of the chat header say what they are, by title and by name', async () => {
    await page.goto(`/p/@${omar.username}`);
    await chatReady(page);
    const header = page.getByRole('region', { name: 'Chat' }).locator('header');
    const connection = header.getByRole('img', { name: 'Connection: Connected' });
    expect(await connection.getAttribute('title')).toBe('Connected');
    const presence = header.getByRole('img', { name: /^(Online|Offline|Status unknown)$/ });
    const presenceName = await presence.getAttribute('aria-label');
    expect(await presence.getAttribute('title')).toBe(presenceName);
    // Omar is not signed in anywhere.
    expect(presenceName).toBe('Offline');
  });

  it('"(optional)" labels have one space: create team, AI agent form', async () => {
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Create a team' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Team' });
    await create.getByLabel('Description (optional)').waitFor();
    await expectOptionalLabels(create, 1);
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });

    await page.goto(`/t/${handle}`);
    await page.goto(`/t/${handle}/settings/agents`);
    const settings = page.getByRole('region', { name: 'AI agents' });
    await settings.getByRole('button', { name: 'New AI Agent' }).click();
    await settings.getByLabel('Model (optional)').waitFor();
    await expectOptionalLabels(settings, 4);
    expect(problems).toEqual([]);
  });

  it('the verification page says when the address is verified already, and when a newer link replaced this one', async () => {
    const { page: visitor, problems: visitorProblems } = await track(openSession(browser));
    await visitor.goto('/auth/register');
    await visitor.getByLabel('First name (optional)').waitFor();
    await expectOptionalLabels(visitor.getByRole('main'), 2);

    // Verified already: it says so, with the way in.
    const done = uniqueUser('rev');
    await registerViaApi(done, { verify: false });
    const doneLink = linkFromMail(await nextMail(done.email, SUBJECTS.verifyEmail), '/auth/verify-email');
    await callApi('/auth/email/verify-email', { token: new URL(doneLink).searchParams.get('token') });
    await visitor.goto(doneLink);
    await visitor.getByRole('heading', { name: 'Email Already Verified' }).waitFor();
    await visitor.getByText('This email address is already verified. You can sign in.').waitFor();
    await visitor.getByRole('link', { name: 'Continue to Sign In' }).waitFor();
    await checkEverywhere(visitor, 'rough-verify-already', () => visitor.getByRole('link', { name: 'Continue to Sign In' }).waitFor());

    // Replaced: a second mail was asked for, so the first link says a newer one was sent.
    const twice = uniqueUser('rew');
    await registerViaApi(twice, { verify: false });
    const firstLink = linkFromMail(await nextMail(twice.email, SUBJECTS.verifyEmail), '/auth/verify-email');
    const { token } = await callApi<{ token: string }>('/auth/login', { username: twice.username, password: twice.password });
    await callApi('/auth/email/resend-verification', {}, token);
    const secondLink = linkFromMail(await nextMail(twice.email, SUBJECTS.verifyEmail), '/auth/verify-email');
    await visitor.goto(firstLink);
    await visitor.getByText('A newer verification link was sent. Please use the link in the latest email.').waitFor();
    await checkEverywhere(visitor, 'rough-verify-replaced', () =>
      visitor.getByText('A newer verification link was sent. Please use the link in the latest email.').waitFor(),
    );
    await visitor.goto(secondLink);
    await visitor.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    expect(visitorProblems).toEqual([]);
  }, LONG);

  it('a used or unknown reset link says "Invalid Reset Link" as soon as it opens', async () => {
    const { page: visitor, problems: visitorProblems } = await track(openSession(browser));
    await visitor.goto('/auth/reset-password?token=no-such-token-anywhere-0123456789');
    await visitor.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    expect(await visitor.getByLabel('New password', { exact: true }).count()).toBe(0);

    const user = uniqueUser('rer');
    await registerViaApi(user, { verify: true });
    await callApi('/auth/email/send-reset', { email: user.email });
    const link = linkFromMail(await nextMail(user.email, SUBJECTS.resetPassword), '/auth/reset-password');
    await callApi('/auth/email/reset-password', { token: new URL(link).searchParams.get('token'), newPassword: 'Another-Passw0rd' });
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await visitor.getByText('Invalid reset link. Please request a new password reset.').waitFor();
    expect(await visitor.getByLabel('New password', { exact: true }).count()).toBe(0);
    await checkEverywhere(visitor, 'rough-reset-used', () => visitor.getByRole('link', { name: 'Request New Reset Link' }).waitFor());
    expect(visitorProblems).toEqual([]);
  }, LONG);

  it('an AI agent with no model: a member gets a kind notice, the owner also how to fix it; nothing is "Seen"', async () => {
    const server = await startModellessServer();
    try {
      const maya = await track(openSessionAt(browser, server.baseUrl));
      await signIn(maya.page, { username: 'maya', password: 'Agentroom1' });
      await maya.page.waitForURL((url) => url.pathname === '/t/demo');
      await maya.page.getByTestId('agent-card').filter({ hasText: '@nova' }).click();
      await maya.page.waitForURL((url) => decodeURIComponent(url.pathname) === '/t/demo/p/@nova');
      await chatReady(maya.page);
      await composer(maya.page).fill('Hello Nova, are you there?');
      await sendTyped(maya.page, 'Hello Nova, are you there?');
      const notice = maya.page.getByRole('note').filter({ hasText: "Nova isn't connected to a language model yet" });
      await notice.waitFor();
      // The team list (which says who owns Nova's team) has arrived: the member is not an owner.
      await maya.page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: /Demo/ }).first().waitFor();
      expect(await maya.page.getByTestId('model-setup-hint').count()).toBe(0);
      expect(await maya.page.getByText(/LLM_BASE_URL|Ollama/).count()).toBe(0);
      expect(await messageWith(maya.page, 'Hello Nova').getByTestId('seen-by').count()).toBe(0);
      await checkEverywhere(maya.page, 'rough-no-model-member', () => notice.waitFor());
      expect(await messageWith(maya.page, 'Hello Nova').getByTestId('seen-by').count()).toBe(0);
      expect(maya.problems).toEqual([]);

      const demo = await track(openSessionAt(browser, server.baseUrl));
      await signIn(demo.page, { username: 'demo', password: 'Agentroom1' });
      await demo.page.waitForURL((url) => url.pathname === '/t/demo');
      await demo.page.goto('/t/demo/p/@nova');
      await chatReady(demo.page);
      await composer(demo.page).fill('Nova, a quick question');
      await sendTyped(demo.page, 'Nova, a quick question');
      const ownersNotice = demo.page.getByRole('note').filter({ hasText: "Nova isn't connected to a language model yet" });
      await ownersNotice.getByTestId('model-setup-hint').filter({ hasText: NO_MODEL_SETUP_HINT }).waitFor();
      expect(await messageWith(demo.page, 'Nova, a quick question').getByTestId('seen-by').count()).toBe(0);
      await checkEverywhere(demo.page, 'rough-no-model-owner', () => ownersNotice.getByTestId('model-setup-hint').waitFor());
      expect(demo.problems).toEqual([]);
    } finally {
      await server.stop();
    }
  }, LONG);
});
