import type { PresenceReader } from '../context';
import type { PresenceStore } from './presence';

/**
 * Humans: online while a socket is connected (on any node). AI agents: online while their model
 * answers. The callers hold the agent rows already, so whether each is human costs no query.
 */
export function createCardPresence(store: PresenceStore, modelAnswers: () => Promise<boolean>): PresenceReader {
  return async (agents) => {
    const human = new Map(agents.map((a) => [a.id, a.isHuman]));
    const anyAi = agents.some((a) => !a.isHuman);
    const [online, modelOnline] = await Promise.all([store.onlineOf([...human.keys()]), anyAi ? modelAnswers() : null]);
    return new Map([...human].map(([id, isHuman]) => [id, isHuman ? (online.get(id) ?? false) : modelOnline]));
  };
}
