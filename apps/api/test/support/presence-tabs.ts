import request from 'supertest';
import { expect } from 'vitest';
import type { RunningServer } from '../../src/server';
import { auth, connectSocket, nextEvent, recordEvents, type User } from '../chat/chat-fixtures';

interface TabsScenario {
  person: User;
  /** Shares a team (and a conversation) with `person`, so is told about their presence (decision 0022). */
  observer: User;
  conversationId: string;
  /** Where the observer's socket is, and where each of the person's two tabs connects (one node: the same server thrice). */
  nodes: { observer: RunningServer; firstTab: RunningServer; secondTab: RunningServer };
}

/** What `observer` reads about the other person of the conversation, asking `node`. */
async function isOnlineThrough(node: RunningServer, observer: User, conversationId: string): Promise<boolean> {
  const res = await request(node.url).get(`/api/v1/chat/conversations/${conversationId}`).set(auth(observer)).expect(200);
  return res.body.data.conversation.otherAgent.isOnline as boolean;
}

/**
 * Resolves once `node` has handled the close of the socket `socketId`: Socket.IO removes it from the
 * namespace and runs the app's disconnect handler in one synchronous step, so from then on the
 * handler's presence update is sent on the node's store connection (memory or its Redis client)
 * ahead of any later read through that node.
 */
async function closedOn(node: RunningServer, socketId: string): Promise<void> {
  await expect.poll(() => node.io.sockets.sockets.has(socketId), { interval: 10 }).toBe(false);
}

/**
 * A person with two tabs stays online for the people who see them until the last tab closes. Checked
 * at the moment between the two closes (after the node has handled the first), by what an observer
 * reads and by the offline events their socket heard, and again after the second close.
 */
export async function expectOnlineUntilLastTabCloses({ person, observer, conversationId, nodes }: TabsScenario): Promise<void> {
  const watcher = await connectSocket(nodes.observer.url, observer.token);
  const heard = recordEvents(watcher, 'presence:changed');
  const offlineHeard = () => heard.filter((e) => e.agentId === person.agentId && !e.isOnline);
  const online = nextEvent(watcher, 'presence:changed', (e) => e.agentId === person.agentId && e.isOnline);
  const firstTab = await connectSocket(nodes.firstTab.url, person.token);
  await online;
  expect(await isOnlineThrough(nodes.observer, observer, conversationId)).toBe(true);
  // A tab is counted by the node's connection handler, which runs before the tab hears it is connected.
  const secondTab = await connectSocket(nodes.secondTab.url, person.token);

  const firstTabId = firstTab.id!;
  firstTab.disconnect();
  await closedOn(nodes.firstTab, firstTabId);
  expect(await isOnlineThrough(nodes.firstTab, observer, conversationId)).toBe(true);
  expect(await isOnlineThrough(nodes.observer, observer, conversationId)).toBe(true);
  expect(offlineHeard()).toEqual([]);

  const offline = nextEvent(watcher, 'presence:changed', (e) => e.agentId === person.agentId && !e.isOnline);
  secondTab.disconnect();
  await offline;
  expect(await isOnlineThrough(nodes.observer, observer, conversationId)).toBe(false);
  expect(offlineHeard()).toEqual([{ agentId: person.agentId, isOnline: false }]);
}
