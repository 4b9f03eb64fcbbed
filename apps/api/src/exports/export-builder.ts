import type { DbOrTx } from '../db/client';
import type { FileStorage } from '../storage/file-storage';
import * as content from './export-content-sql';
import type { ZipWriter } from './zip-writer';

/** Told how far the build got (0–100) at a few steps. */
type Progress = (percent: number) => Promise<void>;

const json = (value: unknown) => `${JSON.stringify(value, (_key, v: unknown) => (v instanceof Date ? v.toISOString() : v), 2)}\n`;

/** A name that is safe as one part of a path inside the ZIP on every system. */
function safeName(name: string): string {
  const cleaned = [...name.normalize('NFC')]
    .map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 || '/\\:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 120);
  return cleaned || '_';
}

const fileEntry = (file: content.ExportFile) => `${file.id}-${safeName(file.filename)}`;

const PERSONAL_README = `Your Agentroom data export

profile.json        your account: email, username, names, role, language, when you signed up
memberships.json    your teams (role, when you joined or left) and your rooms
conversations.json  every conversation you take part in, with its name as you see it
messages.json       the messages you sent (other people's messages are not part of your export)
files/              the files you attached to messages that are still there, as <attachment id>-<file name>
`;

const TEAM_README = `Agentroom team export

team.json                   the team's settings
members.json                its people: username, name, role, when they joined or left (no email addresses)
agents.json                 its AI agents (persona, model, tools and their policies) and external agents (settings only; no tokens or secrets)
rooms.json                  the rooms the person who exported could read: open rooms and the private rooms they are in
rooms/<room>/messages.json  the room's messages and its threads' (threadOf: the message a thread answers)
rooms/<room>/files/         files attached to those messages, as <attachment id>-<file name>
`;

/** Copies one attachment into the ZIP; a file already gone from storage (deleted meanwhile) is left out. */
async function addStoredFile(zip: ZipWriter, files: FileStorage, name: string, file: content.ExportFile) {
  const stored = await files.get('uploads', file.storageKey);
  if (stored) await zip.addFile(name, stored.body);
}

async function addFiles(zip: ZipWriter, files: FileStorage, list: content.ExportFile[], folder: string, progress: Progress, from: number, to: number) {
  let step = 0;
  for (const file of list) {
    await addStoredFile(zip, files, `${folder}/${fileEntry(file)}`, file);
    step += 1;
    // A few updates, not one per file.
    if (list.length > 4 && step % Math.ceil(list.length / 4) === 0) await progress(Math.round(from + ((to - from) * step) / list.length));
  }
}

/** One person's own data: never another person's messages. */
export async function buildPersonalExport(db: DbOrTx, files: FileStorage, zip: ZipWriter, agentId: string, progress: Progress) {
  await zip.addText('README.txt', PERSONAL_README);
  await zip.addText('profile.json', json(await content.findProfile(db, agentId)));
  await zip.addText('memberships.json', json({ teams: await content.findTeamMemberships(db, agentId), rooms: await content.findRoomMemberships(db, agentId) }));
  await zip.addText('conversations.json', json(await content.findConversationsOf(db, agentId)));
  await progress(30);
  await zip.addText('messages.json', json(await content.findMessagesSentBy(db, agentId)));
  await progress(50);
  await addFiles(zip, files, await content.findFilesUploadedBy(db, agentId), 'files', progress, 50, 95);
}

/** Webhook URLs by their origin only: a path or query may carry a secret. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A team as its owner `agentId` can read it: no secret, no 1:1, no private room they are not in. */
export async function buildTeamExport(db: DbOrTx, files: FileStorage, zip: ZipWriter, team: { id: string; agentId: string }, progress: Progress) {
  await zip.addText('README.txt', TEAM_README);
  await zip.addText('team.json', json(await content.findTeam(db, team.id)));
  await zip.addText('members.json', json(await content.findTeamPeople(db, team.id)));
  const external = (await content.findTeamExternalAgents(db, team.id)).map(({ webhookUrl, ...agent }) => ({ ...agent, webhook: originOf(webhookUrl) }));
  await zip.addText('agents.json', json({ aiAgents: await content.findTeamAiAgents(db, team.id), externalAgents: external }));
  const rooms = await content.findReadableRooms(db, team.id, team.agentId);
  const folders = new Map<string, string>();
  for (const room of rooms) {
    const base = safeName(room.name);
    // Room names are unique per team, but two may clean up to the same folder name.
    folders.set(room.id, [...folders.values()].includes(base) ? `${base}-${room.id}` : base);
  }
  await zip.addText('rooms.json', json(rooms.map((room) => ({ ...room, folder: `rooms/${folders.get(room.id)}` }))));
  await progress(20);
  let done = 0;
  for (const room of rooms) {
    const folder = `rooms/${folders.get(room.id)}`;
    await zip.addText(`${folder}/messages.json`, json(await content.findRoomMessages(db, room.id)));
    for (const file of await content.findRoomFiles(db, room.id)) await addStoredFile(zip, files, `${folder}/files/${fileEntry(file)}`, file);
    done += 1;
    await progress(Math.round(20 + (75 * done) / rooms.length));
  }
}
