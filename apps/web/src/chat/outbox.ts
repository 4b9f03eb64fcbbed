import { useCallback, useSyncExternalStore } from 'react';

/**
 * Messages written but not yet stored: sent while offline (they wait for the network), or whose send
 * failed on the way (Retry or Delete). Per user; each keeps its clientMessageId for every try, so the
 * server stores it once however often it goes out (it dedupes on sender and clientMessageId).
 *
 * Entries without files are kept in localStorage, so a reload does not lose what was written; files
 * cannot be stored there, so a message with files waits for this page load only.
 */
type OutboxState = 'waiting' | 'sending' | 'failed';

export interface OutboxEntry {
  clientMessageId: string;
  conversationId: string;
  content: string;
  targetAgentId?: string;
  /** A thread reply that also goes to the thread's conversation ("Also send to #room"). */
  alsoSendToParent?: boolean;
  files: readonly File[];
  state: OutboxState;
  /** A failed send the server refused: its reason (a failure on the way says nothing stale). */
  error?: string;
}

type StoredEntry = Omit<OutboxEntry, 'files'>;

const NONE: readonly OutboxEntry[] = [];
const storageKey = (userId: string) => `agentroom.outbox.${userId}`;
const byUser = new Map<string, readonly OutboxEntry[]>();
const listeners = new Set<() => void>();

function load(userId: string): readonly OutboxEntry[] {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    const stored = raw ? (JSON.parse(raw) as StoredEntry[]) : [];
    // A send cut short by the reload is unknown: it goes again, with the same clientMessageId.
    return stored.map((entry) => ({ ...entry, files: [], state: entry.state === 'sending' ? 'waiting' : entry.state }));
  } catch {
    return NONE;
  }
}

function save(userId: string, entries: readonly OutboxEntry[]) {
  try {
    const kept: StoredEntry[] = entries.filter((e) => e.files.length === 0).map(({ files: _files, ...rest }) => rest);
    if (kept.length === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the outbox still holds them for this page load.
  }
}

/** The user's outbox, oldest first (the same array until it changes). */
function outboxOf(userId: string): readonly OutboxEntry[] {
  if (!userId) return NONE;
  let entries = byUser.get(userId);
  if (!entries) {
    entries = load(userId);
    byUser.set(userId, entries);
  }
  return entries;
}

function change(userId: string, next: (entries: readonly OutboxEntry[]) => readonly OutboxEntry[]) {
  const entries = next(outboxOf(userId));
  byUser.set(userId, entries);
  save(userId, entries);
  for (const listener of listeners) listener();
}

export function addToOutbox(userId: string, entry: OutboxEntry) {
  change(userId, (entries) => [...entries.filter((e) => e.clientMessageId !== entry.clientMessageId), entry]);
}

export function updateOutbox(userId: string, clientMessageId: string, patch: Partial<Pick<OutboxEntry, 'state' | 'error'>>) {
  change(userId, (entries) => entries.map((e) => (e.clientMessageId === clientMessageId ? { ...e, ...patch } : e)));
}

export function removeFromOutbox(userId: string, clientMessageId: string) {
  change(userId, (entries) => entries.filter((e) => e.clientMessageId !== clientMessageId));
}

/** Retry: the entry waits again, and goes out as soon as the network is there. */
export const retryOutbox = (userId: string, clientMessageId: string) => updateOutbox(userId, clientMessageId, { state: 'waiting', error: undefined });

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's whole outbox; re-renders when it changes. */
export function useOutbox(userId: string): readonly OutboxEntry[] {
  const read = useCallback(() => outboxOf(userId), [userId]);
  return useSyncExternalStore(subscribe, read, read);
}

/** Forgets every user's outbox held in memory (tests start each from the browser's storage). */
export function resetOutboxMemory() {
  byUser.clear();
}
