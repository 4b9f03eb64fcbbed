import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, type Session } from '../support/browser';
import { checkEverywhere } from '../support/journey-kit';
import { conversationBetween, live, say, signIn, teamOf, verifiedPerson, type Person } from '../support/workspace';
import { readZip } from '../support/zip-reader';

let browser: Browser;
const sessions: Session[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const session of sessions) await session.context.close();
  await browser?.close();
});

/** A file uploaded through the API and sent in a message of `from`'s. */
async function sendFile(from: Person, conversationId: string, content: string, file: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${inject('baseUrl')}/api/v1/chat/conversations/${conversationId}/attachments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${from.token}` },
    body: form,
  });
  const envelope = (await response.json()) as { success: boolean; data: { attachments: { id: string }[] }; error?: string };
  if (!envelope.success) throw new Error(`upload: ${response.status} ${envelope.error}`);
  const attachmentIds = envelope.data.attachments.map((attachment) => attachment.id);
  await callApi(`/chat/conversations/${conversationId}/messages`, { content, clientMessageId: crypto.randomUUID(), attachmentIds }, from.token);
}

/** Presses Download and answers the file the browser received, with the address it came from. */
async function download(page: Page) {
  const [received] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download the export of/ }).click()]);
  return { url: received.url(), zip: readZip(await readFile(await pathOf(received))) };
}

async function pathOf(received: Download) {
  const failure = await received.failure();
  if (failure) throw new Error(`download failed: ${failure}`);
  return received.path();
}

/** Notes each value the page's progress bar shows from now on (it may move faster than a poll could see). */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { exportProgressSeen: seen });
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { exportProgressSeen: number[] }).exportProgressSeen);

describe('exports', () => {
  it('a person exports their data and opens the ZIP: profile, messages with their conversations, their file; each link works once; the owner exports the team', async () => {
    const ada = await verifiedPerson('exa', 'Ada', 'Quill');
    const ben = await verifiedPerson('exb', 'Ben', 'Stone');
    const suffix = ada.username.slice(-5);
    const handle = await teamOf(ada, 'Archive', [ben]);
    const roomName = `records-${suffix}`;
    const room = await callApi<{ conversation: { id: string } | null }>(`/teams/${handle}/rooms`, { name: roomName }, ada.token);
    const roomMessage = `Ledger for the archive ${suffix}`;
    await say(ada, room.conversation!.id, roomMessage);
    const chat = await conversationBetween(ada, ben, handle);
    await say(ben, chat, 'Could you send the minutes?');
    const minutes = Buffer.from(`Minutes ${suffix}: the archive opens on Monday. Ünïcødé ✓\n`, 'utf8');
    await sendFile(ada, chat, 'The minutes, attached', { name: 'minutes.txt', type: 'text/plain', bytes: minutes });

    const opened = await openSession(browser);
    sessions.push(opened);
    const { page, problems } = opened;
    await signIn(page, ada);
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await live(page);

    // Account → Your data.
    await page.getByTestId('user-badge').getByRole('link', { name: 'Account settings' }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your data' }).click();
    await page.waitForURL((url) => url.pathname === '/account/data');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await page.getByText('No exports yet.').waitFor();
    await page.getByText(/The ZIP holds your profile/).waitFor();

    // The export is built in the background: a bar that fills, then the download with its size and date.
    await watchProgress(page);
    await page.getByRole('button', { name: 'Export my data' }).click();
    const row = page.getByTestId('export-row').first();
    await row.getByText(/^Ready — kept until /).waitFor();
    expect(await row.getByRole('progressbar').count()).toBe(0);
    const progress = await progressSeen(page);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await row.getByText('We sent you a mail when it was ready.').waitFor();
    await page.getByText(/the ZIP is deleted \d+ days? after it is ready/).waitFor();
    expect(await page.getByRole('button', { name: 'Export my data' }).isEnabled()).toBe(true);
    await checkEverywhere(page, 'exports-ready', () => row.getByText(/^Ready — kept until /).waitFor());

    const first = await download(page);
    const profile = JSON.parse(first.zip.get('profile.json')!.toString('utf8')) as unknown;
    expect(JSON.stringify(profile)).toContain(`"${ada.username}"`);
    const messages = first.zip.get('messages.json')!.toString('utf8');
    expect(messages).toContain(roomMessage);
    expect(messages).toContain('The minutes, attached');
    expect(messages).toContain(roomName);
    // Only Ada's own messages: Ben's question stays his.
    expect(messages).not.toContain('Could you send the minutes?');
    expect([...first.zip.values()].some((bytes) => bytes.equals(minutes))).toBe(true);
    await row.getByText(/^Last downloaded /).waitFor();

    // Each Download makes a new single-use link; the first address does not work twice.
    const second = await download(page);
    expect(second.url).not.toBe(first.url);
    expect(second.zip.get('profile.json')!.equals(first.zip.get('profile.json')!)).toBe(true);
    const reused = await fetch(first.url);
    expect(reused.ok).toBe(false);
    expect(reused.headers.get('content-type') ?? '').not.toContain('application/zip');

    // The owner exports the team the same way, from its settings: its rooms and messages, not people's 1:1s.
    await page.goto(`/t/${handle}/settings/export`);
    const section = page.getByRole('region', { name: 'Export' });
    await section.getByText(/without their keys or other secrets/).waitFor();
    await section.getByRole('button', { name: 'Export team' }).click();
    const teamRow = section.getByTestId('export-row').first();
    await teamRow.getByText(/^Ready — kept until /).waitFor();
    await checkEverywhere(page, 'exports-team-ready', () => teamRow.getByText(/^Ready — kept until /).waitFor());
    const team = await download(page);
    const teamText = [...team.zip].filter(([name]) => name.endsWith('.json')).map(([, bytes]) => bytes.toString('utf8')).join('\n');
    expect(teamText).toContain(roomName);
    expect(teamText).toContain(roomMessage);
    expect(teamText).toContain(ben.username);
    expect(teamText).not.toContain('Could you send the minutes?');

    expect(problems).toEqual([]);
  }, 240_000);
});
