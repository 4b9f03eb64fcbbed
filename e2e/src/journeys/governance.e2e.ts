import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, type Session } from '../support/browser';
import { checkEverywhere, signIn, verifiedUser } from '../support/journey-kit';

let browser: Browser;
const sessions: Session[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const session of sessions) await session.context.close();
  await browser?.close();
});

/** A team settings page through the side nav (desktop); answers its section. */
async function openSection(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Team settings' }).getByRole('link', { name: label }).click();
  const section = page.getByRole('region', { name: label });
  await section.waitFor();
  return section;
}

describe('governance', () => {
  it('an owner reads the audit log, filters it, and sets message retention', async () => {
    const owner = await verifiedUser('gvo', 'Olga', 'Berg');
    const mia = await verifiedUser('gvm', 'Mia', 'Park');
    const suffix = owner.username.slice(-5);
    const handle = `ledger-${suffix}`;
    await callApi('/teams', { name: 'Ledger', handle }, owner.token);
    await callApi(`/teams/${handle}/members`, { username: mia.username }, owner.token);
    // The owner makes Mia an admin and opens a room: two changes the log keeps.
    await callApi(`/teams/${handle}/members/${mia.agentId}`, { role: 'admin' }, owner.token, 'PATCH');
    await callApi(`/teams/${handle}/rooms`, { name: 'launch-plans' }, owner.token);

    const opened = await openSession(browser, { colorScheme: 'light' });
    sessions.push(opened);
    const { page, problems } = opened;
    await signIn(page, owner);
    await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
    await page.goto(`/t/${handle}/settings/members`);
    await page.getByRole('region', { name: 'Members' }).waitFor();

    // The log, newest first: the room, the role change, who did it.
    const audit = await openSection(page, 'Audit log');
    const rows = audit.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
    const roomRow = rows.filter({ hasText: 'created room #launch-plans' });
    const roleRow = rows.filter({ hasText: `changed ${mia.username}'s role from member to admin` });
    await roomRow.waitFor();
    await roleRow.waitFor();
    expect(await roomRow.textContent()).toContain(owner.fullName);
    const texts = await rows.allInnerTexts();
    expect(texts.findIndex((text) => text.includes('#launch-plans'))).toBeLessThan(texts.findIndex((text) => text.includes("'s role from")));
    await checkEverywhere(page, 'governance-audit-log', () => roomRow.waitFor());

    // Only the members' changes.
    await audit.getByLabel('Kind of change').selectOption('member');
    await roomRow.waitFor({ state: 'detached' });
    await roleRow.waitFor();
    expect((await rows.allInnerTexts()).every((text) => !text.includes('created room'))).toBe(true);

    // Retention: 30 days, confirmed; the form says it is set.
    const retention = await openSection(page, 'Message retention');
    await retention.getByText('Messages are kept until someone deletes them.').waitFor();
    await retention.getByLabel('For a number of days').check();
    await retention.getByRole('button', { name: '30 days' }).click();
    await retention.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete messages older than 30 days?' });
    await confirm.waitFor();
    await checkEverywhere(page, 'governance-retention-confirm', () => confirm.waitFor());
    await confirm.getByRole('button', { name: 'Delete older messages' }).click();
    await confirm.waitFor({ state: 'detached' });
    await retention.getByText('Messages are kept for 30 days; pinned messages are kept.').waitFor();
    const saved = await callApi<{ team: { retention: { days: number | null; keepPinned: boolean } } }>(`/teams/${handle}`, undefined, owner.token);
    expect(saved.team.retention).toEqual({ days: 30, keepPinned: true });
    await checkEverywhere(page, 'governance-retention-saved', () => retention.getByText('Saved.').waitFor());

    // The log has the retention change at the top.
    const again = await openSection(page, 'Audit log');
    const newest = again.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first();
    await expect.poll(() => newest.textContent()).toContain('set message retention to 30 days');
    expect(problems).toEqual([]);
  });
});
