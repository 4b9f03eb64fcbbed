import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './api';
import { expectAccessible, PHONE } from './browser';
import { DESKTOP, expectNoSidewaysScroll, shot, useScheme, type SignedIn as Person } from './journey-kit';
import { resizeTo } from '../support/browser';

/** expect.poll with room for a busy machine (its default gives up after a second). */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** A verified person with a token, made through the API (for the people a journey is not about). */
export { verifiedUser as verifiedPerson, type SignedIn as Person } from './journey-kit';

/** A team of `owner` with `members` in it; answers its handle. */
export async function teamOf(owner: Person, name: string, members: Person[]) {
  const handle = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${owner.username.slice(-5)}`;
  await callApi('/teams', { name, handle, description: `${name}, made for a journey.` }, owner.token);
  for (const member of members) await callApi(`/teams/${handle}/members`, { username: member.username }, owner.token);
  return handle;
}

/** The conversation of `from` with `to` (personal, or the team's when `teamHandle` is given). */
export async function conversationBetween(from: Person, to: Person, teamHandle?: string) {
  const body = teamHandle ? { conversationType: 'team-scoped', isTeamScoped: true, teamHandle } : {};
  const started = await callApi<{ conversation: { id: string } }>(`/chat/conversations/${to.agentId}/start`, body, from.token);
  return started.conversation.id;
}

/**
 * This browser is live: the user badge's own dot is green once the socket has connected (it waits
 * for the page's first screen, decision 0015). What is sent before shows as unread but makes no toast.
 */
export async function live(page: Page) {
  await page.getByTestId('user-badge').getByRole('img', { name: 'Online' }).waitFor();
}

/** Resolves when the open conversation's catch-up after its acknowledged join has answered (call it before opening). */
export const conversationCaughtUp = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'GET' && /\/messages\?(.*&)?after=/.test(r.url()) && r.ok());

/**
 * Opens a team room and waits until it is live: the chat fetches what it missed (`messages?after=`)
 * only once the server has acknowledged its join of the conversation's socket room. A message sent
 * before that could be answered (an agent typing, say) before this browser hears the room's events.
 */
export async function openRoom(page: Page, handle: string, room: string) {
  const caughtUp = conversationCaughtUp(page);
  await page.goto(`/t/${handle}/r/${room}`);
  await page.getByRole('region', { name: 'Chat' }).getByRole('heading', { name: `# ${room}` }).waitFor();
  await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
  await caughtUp;
}

/** A message sent through the API (the other person in the browser sees it arrive live), signing in, a screenshot. */
export { say, shot, signIn } from './journey-kit';

export interface LookOptions {
  /** A page of the app shell (default), or a page without it such as the unsubscribe page. */
  shell?: boolean;
  /** After the window became phone-sized: bring back what the narrower layout closed (a drawer, a dialog). */
  atPhone?: (page: Page) => Promise<void>;
  /** Before the window goes back to desktop size (e.g. close the drawer the phone needed). */
  leavePhone?: (page: Page) => Promise<void>;
  /** Back at desktop size: bring back what the wider layout closed. */
  atDesktop?: (page: Page) => Promise<void>;
}

/**
 * The screen as it is now, at 1280 px and at 375 px, light and dark: axe finds nothing serious, the
 * phone never scrolls sideways, and each look is saved as `workspace-<name>-<width>-<scheme>.png`.
 * The page is left at desktop size in the light scheme.
 */
export async function lookEverywhere(page: Page, name: string, options: LookOptions = {}) {
  const { shell = true } = options;
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await expectAccessible(page);
    await shot(page, `workspace-${name}-desktop-${scheme}`);
  }
  await resizeTo(page, PHONE);
  // The phone layout took over (hidden from the accessibility tree while a dialog is open).
  if (shell) await page.getByRole('button', { name: /^Open navigation/, includeHidden: true }).waitFor({ state: 'attached' });
  await options.atPhone?.(page);
  await expectNoSidewaysScroll(page);
  for (const scheme of ['dark', 'light'] as const) {
    await useScheme(page, scheme);
    await expectAccessible(page);
    await shot(page, `workspace-${name}-phone-${scheme}`);
  }
  await options.leavePhone?.(page);
  await resizeTo(page, DESKTOP);
  if (shell) await page.getByRole('navigation', { name: 'Workspace', includeHidden: true }).waitFor({ state: 'attached' });
  await options.atDesktop?.(page);
}

/** The phone's drawer: the sidebar behind the header's button. */
export async function openDrawer(page: Page) {
  await page.getByRole('button', { name: /^Open navigation/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.getByTestId('user-badge').waitFor();
  return drawer;
}

export async function closeDrawer(page: Page) {
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await page.getByRole('dialog', { name: 'Navigation' }).waitFor({ state: 'detached' });
}

/** Where the sidebar is: the page's own at desktop width, in the drawer on a phone. */
export const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Workspace' });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `size`×`size` RGB PNG a person could have drawn: an orange disc on a teal ground, so the uploaded
 * avatar is plain to see in the screenshots (and is nothing like the generated ones).
 */
export function discPng(size = 96): Buffer {
  const rows: Buffer[] = [];
  const centre = size / 2;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x += 1) {
      const inside = (x - centre) ** 2 + (y - centre) ** 2 < (size * 0.32) ** 2;
      const [r, g, b] = inside ? [249, 115, 22] : [13, 148, 136];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
