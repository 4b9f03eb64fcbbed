import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { expectAccessible, launchBrowser, openSession, PHONE, resizeTo } from '../support/browser';
import { DESKTOP, expectNoSidewaysScroll, say, shot, signIn, verifiedUser, type SignedIn } from '../support/journey-kit';
import { catalogOf, chooseLanguage, expectNoOverlap, expectNotCutOff, expectTranslated } from '../support/languages';
import { live } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The demo account is the first one on the journeys' database: the instance's administrator.
const DEMO = { username: 'demo', password: 'Agentroom1' };

/** A new account's role is the word "Member", stored as the person's own text: shown as they wrote it. */
const PEOPLES_WORDS = ['Member'];

type Catalog = Awaited<ReturnType<typeof catalogOf>>;

/** A message of `from`, answering its id (for the other side's read cursor). */
async function sent(from: SignedIn, conversationId: string, content: string) {
  const { participantMessage } = await callApi<{ participantMessage: { id: string } }>(
    `/chat/conversations/${conversationId}/messages`,
    { content, clientMessageId: crypto.randomUUID() },
    from.token,
  );
  return participantMessage.id;
}

/** Lena's team: Omar, an AI agent, a room with a few messages, and her 1:1 with Omar (he has seen her last one). */
async function aTeam() {
  const lena = await verifiedUser('lgl', 'Lena', 'Park');
  const omar = await verifiedUser('lgo', 'Omar', 'Haddad');
  const handle = `atlas-${lena.username.slice(-5)}`;
  await callApi('/teams', { name: 'Atlas', handle, description: 'Maps and routes.' }, lena.token);
  await callApi(`/teams/${handle}/members`, { username: omar.username }, lena.token);
  const { agent } = await callApi<{ agent: { id: string } }>(
    `/teams/${handle}/agents`,
    { firstName: 'Nova', role: 'Research Analyst', personality: 'Careful.' },
    lena.token,
  );
  const room = await callApi<{ conversation: { id: string } }>(
    `/teams/${handle}/rooms`,
    { name: 'routes', topic: 'Where the roads go', memberIds: [omar.agentId, agent.id] },
    lena.token,
  );
  await say(lena, room.conversation.id, 'The northern pass opens on Monday.');
  await say(omar, room.conversation.id, 'Then we leave at dawn.');
  await say(lena, room.conversation.id, 'Pack light.');
  const started = await callApi<{ conversation: { id: string } }>(`/chat/conversations/${omar.agentId}/start`, {}, lena.token);
  const personal = started.conversation.id;
  await say(omar, personal, 'Did the maps arrive?');
  const last = await sent(lena, personal, 'Yes, all twelve of them.');
  await callApi(`/chat/conversations/${personal}/read`, { lastReadMessageId: last }, omar.token, 'PUT');
  return { lena, omar, handle };
}

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen is there (in the language being looked at). */
  ready: (page: Page, c: Catalog) => Promise<unknown>;
}

const screensOf = (handle: string, omar: SignedIn): Screen[] => [
  { name: 'team', path: `/t/${handle}`, ready: (page) => page.getByTestId('agent-card').nth(2).waitFor() },
  {
    name: 'chat',
    path: `/p/@${omar.username}`,
    ready: async (page) => {
      await page.getByTestId('message').filter({ hasText: 'Yes, all twelve of them.' }).getByTestId('seen-by').waitFor();
      await page.getByRole('textbox').last().waitFor();
    },
  },
  {
    name: 'room',
    path: `/t/${handle}/r/routes`,
    ready: async (page) => {
      await page.getByTestId('message').filter({ hasText: 'Pack light.' }).waitFor();
      await page.getByTestId('room-topic').waitFor();
    },
  },
  { name: 'account', path: '/account/profile', ready: (page) => page.getByTestId('language-setting').waitFor() },
];

/** The phone's header bar (the one with the drawer's button) and the composer, where crowding shows first. */
const phoneHeader = (page: Page) => page.locator('header').filter({ has: page.locator('button[aria-haspopup="dialog"], button') }).first();

/**
 * Each main screen in `lang`, at 1280 px and 375 px: nothing scrolls sideways, axe is clean, no English
 * the catalog translates, a screenshot `lang-<lang>-<screen>-<size>.png`; `extra` adds per-language looks.
 */
async function lookAtScreens(page: Page, lang: 'de' | 'ar', c: Catalog, screens: Screen[], extra?: (screen: Screen, size: 'desktop' | 'phone') => Promise<void>) {
  for (const screen of screens) {
    await page.goto(screen.path);
    await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await resizeTo(page, viewport);
      // The shell swaps its sidebar for a header and drawer once the media query's change event has
      // re-rendered it: judge the layout after that, not in between.
      const sidebar = page.getByRole('complementary', { name: c.tr('Sidebar'), exact: true });
      await sidebar.waitFor({ state: size === 'phone' ? 'detached' : 'visible' });
      await screen.ready(page, c);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `lang-${lang}-${screen.name}-${size}`);
      await expectTranslated(page, c, PEOPLES_WORDS);
      await extra?.(screen, size);
    }
    await resizeTo(page, DESKTOP);
  }
}

describe('languages', () => {
  it('German, then Arabic right to left, at 1280 px and 375 px; back to English and the browser default', async () => {
    const { lena, omar, handle } = await aTeam();
    const [de, ar] = [await catalogOf('de'), await catalogOf('ar')];
    const screens = screensOf(handle, omar);
    const { page, context, problems } = await openSession(browser);
    await signIn(page, lena);
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await live(page);

    // ---- Deutsch, chosen on the Profile page: the page turns German at once, no reload. ----
    await page.goto('/account/profile');
    await chooseLanguage(page, 'Deutsch', 'de', 'Language');
    await page.getByText(de.tr('Language saved.')).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await lookAtScreens(page, 'de', de, screens);

    // ---- العربية: right to left, the layout mirrored. ----
    await page.goto('/account/profile');
    await page.locator('html[lang="de"]').waitFor({ state: 'attached' });
    await chooseLanguage(page, 'العربية', 'ar', de.tr('Language'));
    await page.getByText(ar.tr('Language saved.')).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await lookAtScreens(page, 'ar', ar, screens, async (screen, size) => {
      if (size === 'desktop') {
        // The sidebar on the right of the main column.
        const sidebar = (await page.getByRole('complementary').first().boundingBox())!;
        const main = (await page.getByRole('main').boundingBox())!;
        expect(sidebar.x).toBeGreaterThan(main.x);
        if (screen.name === 'chat') {
          // Own bubbles on the left, the other side's on the right.
          const own = (await page.getByTestId('message').filter({ hasText: 'Yes, all twelve of them.' }).getByTestId('message-text').boundingBox())!;
          const theirs = (await page.getByTestId('message').filter({ hasText: 'Did the maps arrive?' }).getByTestId('message-text').boundingBox())!;
          expect(own.x + own.width).toBeLessThan(theirs.x + theirs.width);
          expect(own.x).toBeLessThan(theirs.x);
        }
        return;
      }
      await expectNoOverlap(phoneHeader(page));
      if (screen.name === 'chat' || screen.name === 'room') {
        await expectNoOverlap(page.locator('form').filter({ has: page.getByRole('textbox') }).last());
        await expectNoOverlap(page.locator('main header').first());
        await expectNotCutOff(page.locator('main header h1, main header h2'));
      }
      if (screen.name === 'team') {
        // The drawer comes in from the right edge.
        await phoneHeader(page).getByRole('button').first().click();
        const drawer = page.getByRole('dialog');
        await drawer.getByTestId('user-badge').waitFor();
        const box = (await drawer.boundingBox())!;
        expect(Math.abs(box.x + box.width - PHONE.width)).toBeLessThanOrEqual(1);
        await expectAccessible(page);
        await shot(page, 'lang-ar-drawer-phone');
        await expectTranslated(page, ar, PEOPLES_WORDS);
        await expectNotCutOff(drawer.getByTestId('teams-button'));
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
      }
    });

    // ---- Back to English, then "Browser default" (this browser speaks English). ----
    await page.goto('/account/profile');
    await page.locator('html[lang="ar"]').waitFor({ state: 'attached' });
    await chooseLanguage(page, 'English', 'en', ar.tr('Language'));
    await page.getByText('Language saved.').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Browser default' });
    await page.getByText('Language saved.').waitFor();
    expect(await page.getByLabel('Language', { exact: true }).inputValue()).toBe('');
    await page.reload();
    await page.getByRole('heading', { name: 'Profile' }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByLabel('Language', { exact: true }).inputValue()).toBe('');

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("the admin area in Arabic, the browser's language, right to left at 1280 px and 375 px", async () => {
    const ar = await catalogOf('ar');
    // The demo account is the instance's administrator and has no language of its own: the browser's applies.
    const { page, context, problems } = await openSession(browser, { locale: 'ar' });
    await page.goto('/auth/login');
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor({ state: 'attached' });
    await page.getByLabel(ar.tr('Username or email')).fill(DEMO.username);
    await page.getByLabel(ar.tr('Password'), { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: ar.tr('Sign In') }).click();
    await page.getByRole('navigation', { name: ar.tr('Workspace') }).waitFor();
    const main = page.getByRole('main');
    const adminScreens: Screen[] = [
      { name: 'admin-people', path: '/admin/people', ready: () => main.getByTestId('admin-person').first().waitFor() },
      { name: 'admin-reports', path: '/admin/reports', ready: (p, c) => main.getByRole('tab', { name: c.tr('Resolved') }).waitFor() },
      { name: 'admin-teams', path: '/admin/teams', ready: () => main.getByTestId('admin-team').first().waitFor() },
      { name: 'admin-settings', path: '/admin/settings', ready: (p, c) => main.getByRole('heading', { name: c.tr('Models') }).waitFor() },
      { name: 'admin-health', path: '/admin/health', ready: (p, c) => main.getByRole('region', { name: c.tr('Mail outbox') }).waitFor() },
      { name: 'admin-audit', path: '/admin/audit', ready: () => main.getByRole('list').first().waitFor() },
    ];
    await lookAtScreens(page, 'ar', ar, adminScreens, async (screen, size) => {
      if (size === 'phone') return expectNoOverlap(phoneHeader(page));
      if (screen.name === 'admin-people') {
        // A username reads left to right inside the Arabic line: "@demo", not "demo@".
        const username = main.getByTestId('admin-person').first().locator('bdi').first();
        expect(await username.evaluate((el) => [el.textContent?.startsWith('@'), getComputedStyle(el).direction])).toEqual([true, 'ltr']);
      }
      // The admin area's own navigation sits at the start of the line: on the right.
      const nav = (await page.getByRole('navigation', { name: ar.tr('Administration') }).boundingBox())!;
      const content = (await main.boundingBox())!;
      expect(nav.x + nav.width).toBeGreaterThan(content.x + content.width / 2);
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
