import { humanFlagsOf } from '../agents/agents-repo';
import type { PresenceReader } from '../context';
import type { Db } from '../db/client';
import type { PresenceStore } from './presence';

/** Humans: online while a socket is connected (on any node). AI agents: online while their model answers. */
export function createCardPresence(db: Db, store: PresenceStore, modelAnswers: () => Promise<boolean>): PresenceReader {
  return async (agentIds) => {
    const human = await humanFlagsOf(db, agentIds);
    const anyAi = [...human.values()].some((isHuman) => !isHuman);
    const [online, modelOnline] = await Promise.all([store.onlineOf([...new Set(agentIds)]), anyAi ? modelAnswers() : null]);
    return new Map(agentIds.map((id) => [id, human.get(id) ? (online.get(id) ?? false) : modelOnline]));
  };
}
