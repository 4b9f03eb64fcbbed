import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, type Session } from '../support/browser';
import { checkEverywhere, signIn, verifiedUser } from '../support/journey-kit';
import { conversationBetween, teamOf } from '../support/workspace';

// The demo account is the first one on the journeys' database: the instance's administrator.
const DEMO = { username: 'demo', password: 'Agentroom1' };

let browser: Browser;
const sessions: Session[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const session of sessions) await session.context.close();
  await browser?.close();
});

async function session() {
  const opened = await openSession(browser);
  sessions.push(opened);
  return opened;
}

describe('the admin area', () => {
  it('is not there for someone else; the administrator disables a signed-in person, whose page returns to sign-in at once', async () => {
    const tara = await verifiedUser('adm', 'Tara', 'Quinn');
    // Lena reports a message of Tara's.
    const lena = await verifiedUser('adl', 'Lena', 'Park');
    await teamOf(lena, 'Admin check', [tara]);
    const chat = await conversationBetween(tara, lena);
    const sent = await callApi<{ participantMessage: { id: string } }>(`/chat/conversations/${chat}/messages`, { content: 'Buy cheap watches at my site!!!', clientMessageId: crypto.randomUUID() }, tara.token);
    await callApi('/reports', { messageId: sent.participantMessage.id, reason: 'spam', details: 'Advertising in my messages.' }, lena.token);

    // Tara is signed in in her own browser, and cannot open the admin area.
    const taras = await session();
    await signIn(taras.page, tara);
    await taras.page.getByRole('navigation', { name: 'Workspace' }).waitFor();
    expect(await taras.page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await taras.page.goto('/admin/people');
    await taras.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await taras.page.goto('/');
    await taras.page.getByRole('navigation', { name: 'Workspace' }).waitFor();

    const { page, problems } = await session();
    await signIn(page, DEMO);
    await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
    await page.getByRole('link', { name: 'Administration' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/people');
    // The sidebar has its own People and Teams: the admin area's sections are in the main pane.
    const main = page.getByRole('main');
    const people = main.getByRole('region', { name: 'People' });
    await people.getByTestId('admin-person').first().waitFor();
    await checkEverywhere(page, 'admin-people', () => people.getByTestId('admin-person').first().waitFor());

    await people.getByLabel('Search people').fill(tara.username);
    const rows = people.getByTestId('admin-person');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('button', { name: 'Disable: Tara Quinn' }).click();
    const dialog = page.getByRole('dialog', { name: /Disable Tara Quinn/ });
    await dialog.getByText('Their sessions end at once and they cannot sign in until you enable the account again.').waitFor();
    await checkEverywhere(page, 'admin-disable-dialog', () => dialog.waitFor());
    await dialog.getByLabel(/Reason/).fill('Journey check');
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await people.getByText('Tara Quinn is disabled.').waitFor();
    await rows.first().getByText('Disabled', { exact: true }).waitFor();

    // Tara's page returns to the sign-in screen without her doing anything, and she cannot sign in.
    await taras.page.waitForURL((url) => url.pathname === '/auth/login');
    await signIn(taras.page, tara);
    await taras.page.getByRole('alert').waitFor();
    expect(taras.page.url()).toContain('/auth/login');

    // The other sections open and look right.
    const nav = page.getByRole('navigation', { name: 'Administration' });
    // Lena's report names Tara, now disabled: the administrator removes the message.
    await nav.getByRole('link', { name: 'Reports' }).click();
    const report = main.getByTestId('admin-report').filter({ hasText: 'Buy cheap watches at my site!!!' });
    await report.getByText('Advertising in my messages.').waitFor();
    await report.getByText('Disabled', { exact: true }).waitFor();
    await checkEverywhere(page, 'admin-reports', () => report.waitFor());
    await report.getByRole('button', { name: 'Remove message' }).click();
    await main.getByText('Report resolved: Message removed').waitFor();
    await main.getByRole('tab', { name: 'Resolved' }).click();
    const resolved = main.getByTestId('admin-report').filter({ hasText: 'Buy cheap watches at my site!!!' });
    await resolved.getByText('(removed)').waitFor();
    await resolved.getByText(/Resolved: Message removed/).waitFor();
    await checkEverywhere(page, 'admin-reports-resolved', () => resolved.waitFor());

    for (const [label, ready] of [
      ['Teams', () => main.getByTestId('admin-team').first()],
      ['Settings', () => main.getByRole('heading', { name: 'Models' })],
      ['Health', () => main.getByRole('region', { name: 'Mail outbox' })],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await ready().waitFor();
      await checkEverywhere(page, `admin-${label.toLowerCase()}`, () => ready().waitFor());
    }
    expect(problems).toEqual([]);
    // Five screens, each drawn at two sizes in two themes: half a minute here, double that on a slow host.
  }, 120_000);
});
